import { Spinner } from '@blueprintjs/core';

/** The first screen's chunk is loading (cold start on a lazy route). */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spinner aria-label="Loading" />
    </div>
  );
}
