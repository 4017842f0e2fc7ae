import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // The system browser: a browser download is neither possible nor wanted here.
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};
// Specs run alone, one at a time, after the others: the timed one (a colleague's change on screen within 2 s)
// and those that draw the WebGL base map, which in a browser without a GPU keeps every core busy and would
// starve the spec running beside it.
const ALONE_SPECS = /(live-lists|maps|capacity-map)\.spec\.ts$/;
const COMPANY_WIDE_SPECS = /(accounting|street-map)\.spec\.ts$/;

// End-to-end specs in Debian's Chromium against a server on a fresh database (see serve.mjs).
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  forbidOnly: Boolean(process.env.CI),
  // One more try on CI, where two browsers share two cores; a test that passes only on it is named in the
  // run's summary as passed on retry, to be looked at.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: [ALONE_SPECS, COMPANY_WIDE_SPECS] },
    { name: 'alone', use: chromium, testMatch: ALONE_SPECS, dependencies: ['chromium'], workers: 1 },
    // Specs that change a setting of the whole demo company (its mail server, its map tiles) run last, so that
    // no spec running beside them sees the setting changed.
    { name: 'company-wide', use: chromium, testMatch: COMPANY_WIDE_SPECS, dependencies: ['alone'] },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `${baseURL}/backend/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
    // SIGTERM lets serve.mjs stop the server and drop its database before the process group is killed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
