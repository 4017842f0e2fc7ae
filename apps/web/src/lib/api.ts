import { appEvents } from './events';
import { createHttpClient } from './http-client';
import { readTokens, saveRefreshedTokens } from './token-storage';

/** The app's HTTP client. fetch is looked up on each call so that tests can swap it. */
export const http = createHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  tokens: { read: readTokens, saveRefreshed: saveRefreshedTokens },
  events: appEvents,
  now: () => Date.now(),
});
