import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client bundle; the Fastify server serves dist/ with an SPA fallback.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Blueprint + React make one large vendor chunk by design; the portal is an internal tool.
    chunkSizeWarningLimit: 2500,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
