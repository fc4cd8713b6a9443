import { NonIdealState } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router-dom';

/** Any path the portal does not know. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <NonIdealState
      icon="search"
      title="Page not found"
      description={`There is no page at ${pathname}.`}
      action={<Link to="/">Go to the dashboard</Link>}
    />
  );
}
