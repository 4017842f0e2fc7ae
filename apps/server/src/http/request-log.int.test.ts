import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-helpers';
import { createCompany, createUser, type TestCompany, type TestUser } from '../../test/factories';
import { buildTestApp, listenTestApp } from '../../test/test-app';
import { setUpTestApp } from '../../test/test-suite';
import { openSocket, socketUrl } from '../realtime/socket.fixtures';
import { loggerOptions } from './request-log';

// What the server log says about requests: one compact line each, no token ever, and successful reads
// (a board's polling) only at debug, so that at info the log stays readable.

const { database } = setUpTestApp();

type LogLine = { level: number; msg: string } & Record<string, unknown>;
const INFO = 30;
const DEBUG = 20;

let company: TestCompany;
let user: TestUser;

async function appLoggingAt(level: 'info' | 'debug') {
  const lines: string[] = [];
  const testApp = await buildTestApp(database.db, {
    logger: { ...(loggerOptions(level) as object), stream: { write: (line: string) => lines.push(line) } },
  });
  return { testApp, lines, parsed: () => lines.map((line) => JSON.parse(line) as LogLine) };
}

let info: Awaited<ReturnType<typeof appLoggingAt>>;
let debug: Awaited<ReturnType<typeof appLoggingAt>>;

beforeAll(async () => {
  company = await createCompany(database.db);
  user = await createUser(database.db, { companyId: company.id, role: 5 });
  info = await appLoggingAt('info');
  debug = await appLoggingAt('debug');
});

afterAll(async () => {
  await info?.testApp.close();
  await debug?.testApp.close();
});

describe('the request log', () => {
  it('never holds a token: not the socket URL, not the Authorization header', async () => {
    const { testApp, lines } = debug;
    const session = await login(testApp.app, user.email, user.password);
    await testApp.app.inject({
      method: 'GET',
      url: `/backend/api/users/my/?access_token=${session.access}`,
      headers: session.headers,
    });
    const base = await listenTestApp(testApp);
    const socket = await openSocket(socketUrl(base, company.company_hash, session.access));
    await socket.next((message) => message.event === 'connected').catch(() => undefined);
    await socket.close();
    const refused = await openSocket(socketUrl(base, company.company_hash, `${session.access}x`));
    await refused.closed;

    const log = lines.join('');
    expect(log).toContain('access_token=[redacted]');
    expect(log).not.toContain(session.access);
    expect(log).not.toContain(session.refresh);
    expect(log).not.toContain(user.password);
  });

  it('writes one line a request: successful reads at debug, changes and refusals at info', async () => {
    const { testApp, parsed } = info;
    const session = await login(testApp.app, user.email, user.password);
    const before = parsed().length;
    for (let poll = 0; poll < 5; poll += 1) {
      expect(
        (await testApp.app.inject({ url: '/backend/api/users/my/', headers: session.headers })).statusCode,
      ).toBe(200);
    }
    expect(parsed().length).toBe(before);

    await testApp.app.inject({ url: '/backend/api/users/my/' });
    await testApp.app.inject({
      method: 'PUT',
      url: '/backend/api/v2/profile/me/update',
      headers: session.headers,
      payload: { first_name: 'Dana' },
    });
    const lines = parsed().slice(before);
    expect(
      lines.map((line) => line.msg),
      JSON.stringify(lines),
    ).toEqual([
      expect.stringMatching(/^GET \/backend\/api\/users\/my\/ 401 \d+ ms \(unauthorized: .+\)$/),
      expect.stringMatching(
        /^PUT \/backend\/api\/v2\/profile\/me\/update 400 \d+ ms \(validation_error: .+\)$/,
      ),
    ]);
    expect(lines.every((line) => line.level === INFO)).toBe(true);

    const quiet = debug.parsed().filter((line) => line.level === DEBUG && /^GET .* 200 /.test(line.msg));
    expect(quiet.length).toBeGreaterThan(0);
  });
});
