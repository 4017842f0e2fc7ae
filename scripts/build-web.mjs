// Builds the web app (apps/web/dist) when it is missing or older than its sources.
// Used by `npm start`, the end-to-end server and as a command: `node scripts/build-web.mjs [--force]`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'apps', 'web');
const builtIndex = path.join(webDir, 'dist', 'index.html');

// Everything the bundle is made from; a change to any of them makes the build stale.
const buildInputs = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(root, 'packages', 'domain', 'src'),
];

/** The newest modification time (ms) of a file or of any file below a folder; 0 when it does not exist. */
function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

export function isWebBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return buildInputs.some((input) => newestModification(input) > builtAt);
}

function runViteBuild() {
  const viteCli = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteCli, 'build'], { cwd: webDir, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`The web app build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}

/** Builds the web app when stale (or always with force). Resolves to true when it built. */
export async function buildWebIfStale({ force = false } = {}) {
  if (!force && !isWebBuildStale()) {
    console.log('Web app is up to date.');
    return false;
  }
  console.log('Building the web app...');
  await runViteBuild();
  return true;
}

const runAsCommand = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runAsCommand) {
  buildWebIfStale({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
