import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let cwd: string;

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dispatch-config-'));
});

afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults, with paths resolved from the current directory', () => {
    const config = loadConfig({ JWT_SECRET: 's'.repeat(32) }, cwd);
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      redisChannel: 'dispatch:realtime',
      jwtSecret: 's'.repeat(32),
      publicUrl: undefined,
      webDist: join(cwd, 'apps/web/dist'),
      logLevel: 'info',
      trustProxy: false,
      demoFeedSeconds: 20,
      mailReceiverPort: undefined,
      mailReceiverHost: '127.0.0.1',
      mailDomain: undefined,
      mapTilesUrl: undefined,
      mapTilesFile: undefined,
    });
  });

  it('takes MAP_TILES_URL as a .pmtiles address or path and MAP_TILES_FILE as the path of a .pmtiles file', () => {
    const secret = { JWT_SECRET: 's'.repeat(32) };
    expect(
      loadConfig(
        {
          ...secret,
          MAP_TILES_URL: 'https://tiles.example.com/na.pmtiles',
          MAP_TILES_FILE: '/srv/maps/NA.PMTILES',
        },
        cwd,
      ),
    ).toMatchObject({
      mapTilesUrl: 'https://tiles.example.com/na.pmtiles',
      mapTilesFile: '/srv/maps/NA.PMTILES',
    });
    expect(loadConfig({ ...secret, MAP_TILES_FILE: 'maps/na.pmtiles' }, cwd).mapTilesFile).toBe(
      join(cwd, 'maps/na.pmtiles'),
    );
    expect(() => loadConfig({ ...secret, MAP_TILES_URL: 'tiles.example.com/na.pmtiles' }, cwd)).toThrow(
      "Invalid configuration: MAP_TILES_URL must be an http:// or https:// address or a path starting with /, ending in .pmtiles (got 'tiles.example.com/na.pmtiles').",
    );
    expect(() => loadConfig({ ...secret, MAP_TILES_FILE: '/srv/maps/na.mbtiles' }, cwd)).toThrow(
      "Invalid configuration: MAP_TILES_FILE must be the path of a .pmtiles file, like /srv/maps/north-america.pmtiles (got '/srv/maps/na.mbtiles').",
    );
  });

  it("takes the mailbox sign-ins' token endpoints from EMAIL_OAUTH_*, the providers' own when unset", () => {
    const secret = { JWT_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret, cwd).emailOauth).toBeUndefined();
    expect(
      loadConfig({ ...secret, EMAIL_OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token' }, cwd).emailOauth,
    ).toEqual({ googleTokenUrl: 'http://127.0.0.1:9000/token' });
    expect(() =>
      loadConfig({ ...secret, EMAIL_OAUTH_ZOHO_TOKEN_URL: 'accounts.zoho.eu/oauth' }, cwd),
    ).toThrow(
      "Invalid configuration: EMAIL_OAUTH_ZOHO_TOKEN_URL must be a URL like https://accounts.zoho.com/oauth/v2/token (got 'accounts.zoho.eu/oauth').",
    );
  });

  it('turns the mail receiver on with MAIL_RECEIVER_PORT; MAIL_DOMAIN defaults to the public host', () => {
    const secret = { JWT_SECRET: 's'.repeat(32) };
    expect(
      loadConfig({ ...secret, MAIL_RECEIVER_PORT: '2525', MAIL_DOMAIN: 'Mail.Carrier.test' }, cwd),
    ).toMatchObject({
      mailReceiverPort: 2525,
      mailReceiverHost: '127.0.0.1',
      mailDomain: 'mail.carrier.test',
    });
    expect(loadConfig({ ...secret, PUBLIC_URL: 'https://dispatch.example.com' }, cwd).mailDomain).toBe(
      'dispatch.example.com',
    );
    expect(() => loadConfig({ ...secret, MAIL_RECEIVER_PORT: '70000' }, cwd)).toThrow(
      "Invalid configuration: MAIL_RECEIVER_PORT must be a whole number from 0 to 65535 (got '70000').",
    );
    expect(() => loadConfig({ ...secret, MAIL_DOMAIN: 'localhost' }, cwd)).toThrow(
      "Invalid configuration: MAIL_DOMAIN must be a domain name like mail.example.com (got 'localhost').",
    );
  });

  it('takes DEMO_FEED_SECONDS from 0 (the demo feed off) to 3600, and refuses anything else', () => {
    const secret = { JWT_SECRET: 's'.repeat(32) };
    expect(loadConfig({ ...secret, DEMO_FEED_SECONDS: '0' }, cwd).demoFeedSeconds).toBe(0);
    expect(loadConfig({ ...secret, DEMO_FEED_SECONDS: '5' }, cwd).demoFeedSeconds).toBe(5);
    for (const value of ['-1', '3601', '1.5', 'often']) {
      expect(() => loadConfig({ ...secret, DEMO_FEED_SECONDS: value }, cwd), value).toThrow(
        `Invalid configuration: DEMO_FEED_SECONDS must be a whole number of seconds from 0 (off) to 3600 (got '${value}').`,
      );
    }
  });

  it('reads every variable, and treats an empty one as unset', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/dispatch',
        DATABASE_URL: 'postgres://app@db:5432/dispatch',
        REDIS_URL: 'redis://cache:6379',
        REDIS_CHANNEL: 'dispatch-east:realtime',
        JWT_SECRET: 'k'.repeat(40),
        PUBLIC_URL: 'https://dispatch.example.com/',
        WEB_DIST: 'web',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/var/lib/dispatch',
      databaseUrl: 'postgres://app@db:5432/dispatch',
      redisUrl: 'redis://cache:6379',
      redisChannel: 'dispatch-east:realtime',
      publicUrl: 'https://dispatch.example.com',
      webDist: join(cwd, 'web'),
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 's'.repeat(32) }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2', JWT_SECRET: 's'.repeat(32) }, cwd).trustProxy).toBe(2);
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', JWT_SECRET: 's'.repeat(32) }, cwd)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it.each([
    [
      { PORT: 'eighty' },
      /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got 'eighty'\)\.$/,
    ],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a URL like postgres:/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL/],
    [{ REDIS_CHANNEL: 'two words' }, /^Invalid configuration: REDIS_CHANNEL must be 1 to 100 letters/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ TRUST_PROXY: 'yes please' }, /^Invalid configuration: TRUST_PROXY must be true, false, a number/],
    [
      { JWT_SECRET: 'short' },
      /^Invalid configuration: JWT_SECRET must be at least 32 characters long \(got '\*\*\*'\)\.$/,
    ],
  ])('names the variable of a bad value: %j', (env, message) => {
    expect(() => loadConfig({ JWT_SECRET: 's'.repeat(32), ...env }, cwd)).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 's'.repeat(32), ...env }, cwd)).toThrow(message);
  });

  it('generates a JWT secret into the data directory once, readable by the owner only, and reuses it', () => {
    const first = loadConfig({}, cwd);
    const file = join(cwd, 'data', 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, cwd).jwtSecret).toBe(first.jwtSecret);
  });

  it('refuses a generated secret file that was cut short', () => {
    writeFileSync(join(cwd, 'jwt-secret'), 'abc');
    expect(() => loadConfig({ DATA_DIR: '.' }, cwd)).toThrow(/jwt-secret is too short/);
  });
});
