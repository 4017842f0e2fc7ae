// `npm start`: builds the web app when it is missing or stale, then runs the server in the foreground.
// Ctrl-C (or SIGTERM) is handed to the server, which closes cleanly; this script exits with its code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';
import { forwardSignals, spawnChild, waitForExit } from './child-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await buildWebIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawnChild(
  process.execPath,
  ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')],
  {
    cwd: root,
    env: process.env,
  },
);
forwardSignals([server]);
process.exitCode = await waitForExit(server);
