import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the websocket to the back end, so the browser sees one origin.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, MUI and the router make one chunk of about 1 MB (300 kB gzipped); pages will be split by
    // route once they carry real weight.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/backend': { target: apiUrl, changeOrigin: true },
      '/ws': { target: apiUrl, changeOrigin: true, ws: true },
    },
  },
});
