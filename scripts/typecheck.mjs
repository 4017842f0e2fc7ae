// `npm run typecheck`: tsc -p for each workspace (they have no project references, so `tsc -b` does not apply).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const TYPECHECKED_WORKSPACES = [
  'packages/domain',
  'apps/server',
  'apps/web',
  'apps/web/scripts',
  'e2e',
  'bench',
];

const root = fileURLToPath(new URL('..', import.meta.url));

const runAsCommand = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runAsCommand) {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  const failing = [];
  for (const workspace of TYPECHECKED_WORKSPACES) {
    console.log(`tsc -p ${workspace}/tsconfig.json`);
    const { status } = spawnSync(process.execPath, [tsc, '-p', `${workspace}/tsconfig.json`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (status !== 0) failing.push(workspace);
  }
  if (failing.length > 0) {
    console.error(`Type errors in ${failing.join(', ')}.`);
    process.exit(1);
  }
  console.log('No type errors.');
}
