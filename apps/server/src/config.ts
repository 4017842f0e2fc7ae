import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { isMapTilesUrl } from '@app/domain/company/company.schema';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_JWT_SECRET_LENGTH = 32;
const TRUST_PROXY_MESSAGE =
  'must be true, false, a number of proxies, or a comma-separated list of proxy addresses or ranges';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`)
    .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user@host:5432/database'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  REDIS_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'must be 1 to 100 letters, digits or : . _ -')
    .default('dispatch:realtime'),
  JWT_SECRET: z
    .string()
    .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters long`)
    .optional(),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://dispatch.example.com'),
  WEB_DIST: z.string().default('apps/web/dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DEMO_FEED_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 0 (off) to 3600' })
    .int('must be a whole number of seconds from 0 (off) to 3600')
    .min(0, 'must be a whole number of seconds from 0 (off) to 3600')
    .max(3600, 'must be a whole number of seconds from 0 (off) to 3600')
    .default(20),
  MAIL_RECEIVER_PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .optional(),
  MAIL_RECEIVER_HOST: z.string().optional(),
  MAIL_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a domain name like mail.example.com')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, TRUST_PROXY_MESSAGE)
    .optional(),
  MAP_TILES_URL: z
    .string()
    .refine(
      isMapTilesUrl,
      'must be an http:// or https:// address or a path starting with /, ending in .pmtiles',
    )
    .optional(),
  MAP_TILES_FILE: z
    .string()
    .regex(/\.pmtiles$/i, 'must be the path of a .pmtiles file, like /srv/maps/north-america.pmtiles')
    .optional(),
  EMAIL_OAUTH_GOOGLE_TOKEN_URL: optionalUrl(['http:', 'https:'], 'https://oauth2.googleapis.com/token'),
  EMAIL_OAUTH_ZOHO_TOKEN_URL: optionalUrl(['http:', 'https:'], 'https://accounts.zoho.com/oauth/v2/token'),
  EMAIL_OAUTH_ZOHO_ACCOUNTS_URL: optionalUrl(['http:', 'https:'], 'https://mail.zoho.com/api/accounts'),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, uploads, generated secret). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * The Redis pub/sub channel of realtime events: the same for every process of one deployment, another
   * one for each deployment that shares the Redis server (pub/sub ignores the database number).
   */
  redisChannel: string;
  jwtSecret: string;
  publicUrl: string | undefined;
  /** Absolute path of the built web app. */
  webDist: string;
  logLevel: LogLevel;
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For), for the
   * sign-in limits per address; unset or false: the address the connection comes from.
   */
  trustProxy?: boolean | number | string[];
  /**
   * Seconds between the demo feed's postings to the demo company's load board (jobs/demo-feed.ts) when the
   * server runs on the demo data; 0 turns the feed off.
   */
  demoFeedSeconds?: number;
  /**
   * The built-in SMTP receiver of brokers' mail (modules/email/mail-receiver.ts): its port (unset: off),
   * the address it binds (HOST by default), and MAIL_DOMAIN, the domain of the companies' inbound
   * addresses and of our Message-IDs (the PUBLIC_URL's host, or dispatch.localhost, by default).
   */
  mailReceiverPort?: number;
  mailReceiverHost?: string;
  mailDomain?: string;
  /**
   * MAP_TILES_URL: the vector tile archive (one .pmtiles file, an http(s) address or a path on this server)
   * the maps of every company without map tiles of its own read; unset: /map/tiles.pmtiles when the server
   * serves MAP_TILES_FILE, else the built-in base map.
   */
  mapTilesUrl?: string;
  /**
   * MAP_TILES_FILE: the absolute path of a .pmtiles file on this server's disk, served to anyone at
   * GET /map/tiles.pmtiles with byte ranges (http/map-tiles.ts) when it exists at start.
   */
  mapTilesFile?: string;
  /**
   * Where the mailbox sign-ins with Google and Zoho exchange and renew their tokens, and Zoho Mail's
   * accounts API that names the signed-in mailbox (EMAIL_OAUTH_GOOGLE_TOKEN_URL,
   * EMAIL_OAUTH_ZOHO_TOKEN_URL, EMAIL_OAUTH_ZOHO_ACCOUNTS_URL): the providers' own when unset.
   */
  emailOauth?: { googleTokenUrl?: string; zohoTokenUrl?: string; zohoAccountsUrl?: string };
};

/** Thrown on a bad environment; its message names the variable and is meant to be printed as is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from the environment. Relative paths are resolved from the current directory
 * (the repository root when started with npm). When JWT_SECRET is absent a secret is generated once into
 * DATA_DIR/jwt-secret (mode 0600) and reused on every later start, so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // An empty variable counts as unset, so `PORT= npm start` behaves like no PORT at all.
  const present = Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '')
      .map(([name, value]) => [name, value.trim()]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const value = env[name];
    const got = value === undefined ? '' : ` (got '${name === 'JWT_SECRET' ? '***' : value}')`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got}.`);
  }
  const vars = parsed.data;
  const dataDir = absolutePath(vars.DATA_DIR, cwd);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    redisChannel: vars.REDIS_CHANNEL,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    webDist: absolutePath(vars.WEB_DIST, cwd),
    logLevel: vars.LOG_LEVEL,
    trustProxy: trustProxyOf(vars.TRUST_PROXY),
    demoFeedSeconds: vars.DEMO_FEED_SECONDS,
    mailReceiverPort: vars.MAIL_RECEIVER_PORT,
    mailReceiverHost: vars.MAIL_RECEIVER_HOST ?? vars.HOST,
    mailDomain: (
      vars.MAIL_DOMAIN ?? (vars.PUBLIC_URL ? new URL(vars.PUBLIC_URL).hostname : undefined)
    )?.toLowerCase(),
    mapTilesUrl: vars.MAP_TILES_URL,
    mapTilesFile: vars.MAP_TILES_FILE === undefined ? undefined : absolutePath(vars.MAP_TILES_FILE, cwd),
    emailOauth: emailOauthOf(vars),
  };
}

function emailOauthOf(vars: z.output<typeof envSchema>): Config['emailOauth'] {
  const urls = {
    googleTokenUrl: vars.EMAIL_OAUTH_GOOGLE_TOKEN_URL,
    zohoTokenUrl: vars.EMAIL_OAUTH_ZOHO_TOKEN_URL,
    zohoAccountsUrl: vars.EMAIL_OAUTH_ZOHO_ACCOUNTS_URL,
  };
  return Object.values(urls).some((url) => url !== undefined) ? urls : undefined;
}

function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

function absolutePath(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR '${dataDir}' cannot be created (${errorText(error)}).`,
    );
  }
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  try {
    // 'wx' fails when another process created the file first; then that one is read and used.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError(`Invalid configuration: cannot write ${file} (${errorText(error)}).`);
    }
  }
  const created = readSecret(file);
  if (created === undefined) {
    throw new ConfigError(`Invalid configuration: ${file} is too short; delete it or set JWT_SECRET.`);
  }
  return created;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`Invalid configuration: cannot read ${file} (${errorText(error)}).`);
  }
  if (text.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`Invalid configuration: ${file} is too short; delete it or set JWT_SECRET.`);
  }
  return text;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
