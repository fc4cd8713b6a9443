import listParams from 'virtual:list-params';
import { emailsClient } from '../api/client/emailsClient';
import { metadataPath } from '../api/client/PortalApi';
import type { Transport } from '../api/client/Transport';
import { apiRequestInit } from './auth/apiFetch';
import { readCookie } from './auth/cookies';
import { sendEarly } from './auth/earlyResponses';
import { bootMayAskPermissions, permissionsPath } from './auth/prefetchPermissions';
import { statesKeyOf } from './dashboards/dashboardConfig';
import { firstListQuery } from './dashboards/firstListQuery';
import { listParamsOf } from './dashboards/listParamsData';

/** Sends each request as apiFetch would, for it to take (earlyResponses.ts); the promise is never used. */
const early: Transport = {
  json: (path, options) => {
    sendEarly(path, apiRequestInit(options));
    return new Promise<never>(() => undefined);
  },
  raw: () => Promise.reject(new Error('not sent early')),
  upload: () => Promise.reject(new Error('not sent early')),
};

/**
 * index.html's inline script (built by codegen/firstRequestsPlugin.ts, hashed in the CSP): sends
 * the requests prefetchFirstScreen.ts makes, when the parser reaches it instead of once the boot
 * module runs (issue 31 item 7: at 4x CPU the boot chunk evaluated ~0.2 s after it had arrived, and
 * the search then waited for the metadata and the main module's evaluation): the session check,
 * the metadata and, on a dashboard, raw data, the states list and the page its URL states, with
 * the build's list parameters. apiFetch takes each answer for the identical request; a request the
 * app makes differently (another metadata served) goes to the server as before.
 */
function sendFirstRequests(pathname: string, search: string): void {
  if (readCookie('isSignedIn') !== 'true') return;
  if (bootMayAskPermissions()) void early.json(permissionsPath);
  void early.json(metadataPath);
  const first = firstListQuery(pathname, search, listParamsOf(listParams));
  if (!first) return;
  const emails = emailsClient(early);
  void emails.rawData();
  void emails.search(first.search, first.page);
  if (first.states !== statesKeyOf({})) void emails.states(first.states);
}

try {
  sendFirstRequests(window.location.pathname, window.location.search);
} catch {
  // The modules send what this could not.
}
