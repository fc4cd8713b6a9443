import type { MetadataFiles } from '../metadataFiles';
import { adminClient } from './adminClient';
import { emailsClient } from './emailsClient';
import { forwardClient } from './forwardClient';
import { logsClient } from './logsClient';
import { mediaClient } from './mediaClient';
import { productsClient } from './productsClient';
import { rulesClient } from './rulesClient';
import { spaceyClient } from './spaceyClient';
import type { Transport } from './Transport';

/**
 * The one typed client of the portal's HTTP API, a section per area. Screens read through the SWR
 * hooks of src/api/hooks, which take it from PortalApiContext; tests give fakePortalApi.
 */
export interface PortalApi {
  /** GET /api/metadata */
  metadata(): Promise<MetadataFiles>;
  emails: ReturnType<typeof emailsClient>;
  forward: ReturnType<typeof forwardClient>;
  logs: ReturnType<typeof logsClient>;
  spacey: ReturnType<typeof spaceyClient>;
  admin: ReturnType<typeof adminClient>;
  media: ReturnType<typeof mediaClient>;
  rules: ReturnType<typeof rulesClient>;
  products: ReturnType<typeof productsClient>;
}

/** The client over a transport (the app's signs requests with the session: src/app/portalApi.ts). */
export function createPortalApi(t: Transport): PortalApi {
  return {
    metadata: () => t.json<MetadataFiles>('/api/metadata'),
    emails: emailsClient(t),
    forward: forwardClient(t),
    logs: logsClient(t),
    spacey: spaceyClient(t),
    admin: adminClient(t),
    media: mediaClient(t),
    rules: rulesClient(t),
    products: productsClient(t),
  };
}
