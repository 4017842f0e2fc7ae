import { readFileSync } from 'node:fs';

/** The product version: the root package.json's. */
export const APP_VERSION: string = (() => {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : '0.0.0';
})();
