// Build and dev-server setup of the web console. In development the API, health check and API docs
// are proxied to the platform service so the browser sees one origin (cookies stay first-party).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/lyyp', '/healthz', '/docs'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false, ws: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design is one large vendor chunk by nature; page code is split per route.
    chunkSizeWarningLimit: 1500,
  },
});
