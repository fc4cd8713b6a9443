import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

interface ErrorPageProps {
  message?: string;
}

/** The /errorpage route and the fallback when a screen fails: a message and a way home. */
export function ErrorPage({ message = 'Something went wrong. Please try again.' }: ErrorPageProps) {
  return (
    <NonIdealState
      icon="error"
      title="Error"
      description={message}
      action={<Link to="/">Go to the dashboard</Link>}
    />
  );
}
