import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layout rules of docs/architecture.md, read from the files themselves (eslint.config.js says the
// same for the editor): kebab-case names, SQL only in repositories, and no module reaching into another
// module's repository.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_FOLDERS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'packages/domain/src',
  'e2e',
  'bench',
  'scripts',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function walk(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : [path + '/', ...walk(path)];
    return [path];
  });
}

const paths = SOURCE_FOLDERS.flatMap(walk);
const sourceFiles = paths.filter((path) => SOURCE_FILE.test(path));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** kebab-case words, dot-separated parts: 'loads.service.ts', 'error-codes.test.tsx', '0001-core.ts'. */
const KEBAB_NAME = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

describe('source files', () => {
  it('are found', () => {
    expect(sourceFiles.length).toBeGreaterThan(300);
    expect(
      relative(ROOT, fileURLToPath(import.meta.url))
        .split(sep)
        .join('/'),
    ).toBe('apps/server/test/source-layout.test.ts');
  });

  it('and their folders have kebab-case names', () => {
    const folders = paths.filter((path) => path.endsWith('/'));
    const names = [...folders, ...sourceFiles].map((path) => path.replace(/\/$/, '').split('/').pop()!);
    expect(names.filter((name) => !KEBAB_NAME.test(name))).toEqual([]);
  });
});

describe('the server', () => {
  const serverFiles = sourceFiles.filter((path) => path.startsWith('apps/server/src/'));
  const isTestOrFixture = (path: string) => /\.(test|fixtures)\.ts$/.test(path);

  it('writes SQL only in repositories, db/, tests and fixtures', () => {
    const sqlCalls =
      /\bsql`|\bsql\.\w+\(|\.(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto)\(/;
    const outside = serverFiles.filter(
      (path) =>
        !path.endsWith('.repository.ts') &&
        !path.startsWith('apps/server/src/db/') &&
        !isTestOrFixture(path) &&
        sqlCalls.test(read(path)),
    );
    expect(outside).toEqual([]);
  });

  it("never imports another module's repository into a module", () => {
    const found: string[] = [];
    for (const path of serverFiles.filter((file) => file.startsWith('apps/server/src/modules/'))) {
      const module = path.split('/')[4];
      for (const match of read(path).matchAll(/from '([^']+\.repository)(?:\.js)?'/g)) {
        const target = match[1]!;
        const otherModule = /(?:^\.\.\/|\/modules\/)([a-z0-9-]+)\/[^/]+$/.exec(target)?.[1];
        if (otherModule !== undefined && otherModule !== module) found.push(`${path} -> ${target}`);
      }
    }
    expect(found).toEqual([]);
  });
});
