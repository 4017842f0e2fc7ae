// The JavaScript a browser loads before the first page: the built index.html's entry script and the
// modulepreloads it lists, each gzip-compressed at the highest level.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

export type InitialFile = { file: string; bytes: number; gzipBytes: number };

/** The entry script and the modulepreloads of the build's index.html, in the order it names them. */
export function initialJavaScriptFiles(dist = WEB_DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const source = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && source) files.push(source.replace(/^\//, ''));
  }
  return files;
}

/** Each initial file with its size as built and gzip-compressed. */
export function measureInitialJavaScript(dist = WEB_DIST): { files: InitialFile[]; gzipBytes: number } {
  const files = initialJavaScriptFiles(dist).map((file) => {
    const content = readFileSync(join(dist, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

// `node --import tsx bench/web-initial-javascript.ts` prints the figure of the current build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, gzipBytes } = measureInitialJavaScript();
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`${(file.gzipBytes / 1000).toFixed(1).padStart(7)} kB  ${file.file}`);
  console.log(
    `${(gzipBytes / 1000).toFixed(1).padStart(7)} kB  initial JavaScript, gzip (${files.length} files)`,
  );
}
