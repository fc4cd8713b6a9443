import { createPortalApi } from '../api/client/PortalApi';
import type { Transport } from '../api/client/Transport';
import { apiFetch, apiJson } from './auth/apiFetch';
import { xhrUpload } from './auth/xhrUpload';

/** The session-signed transport: token, user, module and operation headers, and the 401 handling (000 §6, §8). */
const sessionTransport: Transport = { json: (path, options) => apiJson(path, options), raw: (path, options) => apiFetch(path, options), upload: xhrUpload };

/** The portal's one HTTP client (src/api/client): given to the screens by App, used directly by boot code. */
export const portalApi = createPortalApi(sessionTransport);
