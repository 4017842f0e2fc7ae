import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the websocket to the back end, so the browser sees one origin.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes name.br and name.gz beside every script, style sheet and SVG of the build; the server sends them
 * to browsers that accept them (preCompressed in apps/server/src/http/web-app.ts). index.html is left
 * alone: it is small and must never be cached.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            // The best brotli costs seconds on the maps' land outlines; those are fetched on the map
            // pages only and get a quicker level.
            brotli(content, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: content.length > 500_000 ? 5 : 11 },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every page, the signed-in shell and the maps are chunks of their own, fetched when first opened (see
    // src/app/routes.tsx): the first page loads React, MUI's core, the router and the translations only.
    // The largest chunk is the world's land outline of the maps (about 750 kB, 240 kB gzipped).
    chunkSizeWarningLimit: 800,
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
