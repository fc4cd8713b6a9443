import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

/** Router error boundary: shows the error page instead of a blank screen; details go to the console. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while showing this page.';
  return <ErrorPage message={message} />;
}
