import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the helpdesk at /app/ (src/http/console-plugin.ts): hashed files under /app/assets/ are cached
// for a year, index.html never. No inline scripts or styles are emitted, so the page runs under a CSP
// without 'unsafe-inline'. `npm run dev` proxies the API to a helpdesk on :3000.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
