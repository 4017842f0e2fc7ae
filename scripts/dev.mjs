// `npm run dev`: the server (restarted on change by `node --watch`) and the Vite dev server side by side.
// Vite serves the web app with hot reload on 5173 and proxies the API and websocket to the server.
// Output lines carry a prefix naming their process; Ctrl-C stops both.
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { forwardSignals, spawnChild, waitForExit } from './child-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
// The children write to pipes, so tell them whether the terminal at the end takes colours.
const colourEnv = useColour ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };

const processes = [
  {
    label: 'server',
    colour: 36,
    command: ['--watch', '--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')],
    cwd: root,
  },
  {
    label: 'web',
    colour: 35,
    command: [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      '--host',
      '127.0.0.1',
      '--port',
      '5173',
      '--strictPort',
    ],
    cwd: path.join(root, 'apps', 'web'),
  },
];

function prefixLines(stream, prefix, output) {
  readline.createInterface({ input: stream }).on('line', (line) => output.write(`${prefix} ${line}\n`));
}

// Vite proxies to the server's port (apps/web/vite.config.ts reads API_URL).
const apiUrl = process.env.API_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;

const children = processes.map(({ label, colour, command, cwd }) => {
  const child = spawnChild(process.execPath, command, {
    cwd,
    env: { ...process.env, API_URL: apiUrl, ...colourEnv },
    pipeOutput: true,
  });
  const prefix = useColour ? `\x1b[${colour}m[${label}]\x1b[0m` : `[${label}]`;
  prefixLines(child.stdout, prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  return { label, child };
});

let stopping = false;
forwardSignals(
  children.map(({ child }) => child),
  () => {
    stopping = true;
  },
);

console.log('Development servers starting: open http://127.0.0.1:5173 (Ctrl-C stops both).');

// When one of them ends on its own, stop the other: half a development setup only confuses.
const exitCodes = await Promise.all(
  children.map(async ({ label, child }) => {
    const code = await waitForExit(child);
    if (!stopping) {
      stopping = true;
      console.error(`[${label}] exited with code ${code}; stopping the others.`);
      for (const other of children) if (other.child !== child) other.child.kill('SIGTERM');
    }
    return code;
  }),
);
process.exitCode = exitCodes.find((code) => code !== 0) ?? 0;
