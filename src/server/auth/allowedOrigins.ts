import type { FastifyInstance } from 'fastify';

/**
 * The origins allowed to use the portal (the portal_access list): PORTAL_ALLOWED_ORIGINS when set,
 * otherwise the server's own loopback origins on the port it listens on.
 */
export function allowedOrigins(app: FastifyInstance, configured: string[] | null): string[] {
  if (configured) return configured;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 80;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
