import { apiErrorSchema } from '@app/domain/common/errors';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenTestApp } from '../../test/test-app';
import { setUpTestApp } from '../../test/test-suite';
import { createBody, createWorld, insertLoad, LOADS_API, multipart } from '../modules/loads/loads.fixtures';

// Requests a client should never send, each answered in the API's error shape with a 4xx: what probing the
// running server found answering 500, Fastify's own error body, or the wrong record.

const { testApp, world } = setUpTestApp(async (db, app) => {
  const loadsWorld = await createWorld(db, app);
  const loadId = await insertLoad(db, loadsWorld.company.id);
  return { ...loadsWorld, admin: loadsWorld.sessions.admin, loadId };
});

function expectErrorShape(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.headers['content-type']).toContain('application/json');
  const body: unknown = JSON.parse(response.body);
  expect(apiErrorSchema.strict().safeParse(body).success, response.body).toBe(true);
  return body as { detail: string; code: string; fields?: Record<string, string[]> };
}

describe('path ids', () => {
  it('opens a load by its digits only: hex, exponent, sign, decimals and leading zeros answer 400', async () => {
    const { loadId } = world;
    const ok = await testApp.app.inject({
      url: `${LOADS_API}/active/${loadId}`,
      headers: world.admin.headers,
    });
    expect(ok.statusCode).toBe(200);

    const spellings = [
      `0x${loadId.toString(16)}`,
      `${loadId}e0`,
      `+${loadId}`,
      `${loadId}.0`,
      `0${loadId}`,
      `${loadId / 10}e1`,
      ` ${loadId}`,
    ];
    for (const spelling of spellings) {
      const response = await testApp.app.inject({
        url: `${LOADS_API}/active/${encodeURIComponent(spelling)}`,
        headers: world.admin.headers,
      });
      expect(response.statusCode, spelling).toBe(400);
      const body = expectErrorShape(response);
      expect(body.code).toBe('validation_error');
      expect(Object.keys(body.fields ?? {})).toEqual(['id']);
    }
  });

  it('answers a bad percent-encoding in the path with 400 in the error shape', async () => {
    for (const url of [`${LOADS_API}/active/%zz`, `${LOADS_API}/active/%E0%A4%A`, '/backend/api/v2/%']) {
      const response = await testApp.app.inject({ url, headers: world.admin.headers });
      expect(response.statusCode, url).toBe(400);
      expect(expectErrorShape(response).code).toBe('bad_request');
    }
  });

  it('answers a path id longer than 100 characters in the error shape', async () => {
    for (const id of ['9'.repeat(101), 'a'.repeat(5000)]) {
      const response = await testApp.app.inject({
        url: `${LOADS_API}/active/${id}`,
        headers: world.admin.headers,
      });
      expect([400, 404]).toContain(response.statusCode);
      expectErrorShape(response);
    }
  });
});

describe('malformed multipart bodies', () => {
  const good = () =>
    multipart({ file_type: 'rate_confirmation' }, [
      ['file', 'rc.pdf', 'application/pdf', Buffer.from('%PDF-1.4')],
    ]);

  const malformed = (): { name: string; headers: Record<string, string>; payload: Buffer | string }[] => {
    const form = good();
    const boundary = /boundary=(.*)$/.exec(form.headers['content-type'])![1]!;
    return [
      { name: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'abc' },
      {
        name: 'wrong boundary',
        headers: { 'content-type': 'multipart/form-data; boundary=other-boundary' },
        payload: form.payload,
      },
      {
        name: 'cut short',
        headers: form.headers,
        payload: form.payload.subarray(0, form.payload.length - 30),
      },
      {
        name: 'garbage after the boundary',
        headers: form.headers,
        payload: `--${boundary}\r\nnot a header\r\n\r\nvalue`,
      },
    ];
  };

  it('answers 400 with a clear message on a load upload and on the profile update', async () => {
    const urls = [`${LOADS_API}/active/${world.loadId}/upload-file`, '/backend/api/v2/profile/me/update'];
    for (const url of urls) {
      for (const request of malformed()) {
        const response = await testApp.app.inject({
          method: 'PUT',
          url,
          headers: { ...world.admin.headers, ...request.headers },
          payload: request.payload,
        });
        expect(response.statusCode, `${url}: ${request.name}: ${response.body}`).toBe(400);
        const body = expectErrorShape(response);
        expect(body.detail).toMatch(/form/i);
      }
    }
  });
});

describe('found by the generated requests', () => {
  it('names a bad field called like an inherited property (valueOf, constructor) instead of 500', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/backend/api/v2/profile/me/update',
      headers: { ...world.admin.headers, 'content-type': 'application/json' },
      payload: '{"first_name":{"valueOf":1}}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expectErrorShape(response);
    for (const key of ['valueOf', 'constructor', 'hasOwnProperty']) {
      const answer = await testApp.app.inject({
        method: 'POST',
        url: '/backend/api/v2/sms/webhook/unknown-company',
        headers: { 'content-type': 'application/json' },
        payload: `{"${key}":true}`,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(expectErrorShape(answer).fields?.[key]).toEqual([expect.any(String)]);
    }
  });

  it('creates a load whose form sends ids with its points (a new load has no saved points) instead of 500', async () => {
    const body = createBody(world);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${LOADS_API}/create`,
      headers: world.sessions.dispatcher.headers,
      payload: { ...body, points: body.points.map((point, index) => ({ ...point, id: index + 1 })) },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Sends raw bytes to the listening server and answers its status and body. */
  async function raw(port: number, request: string): Promise<{ status: number; body: string }> {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body };
  }

  it('answers a path over 16 KB and a malformed request in the error shape', async () => {
    const port = Number(new URL(await listenTestApp(testApp)).port);
    const long = await raw(port, `GET ${LOADS_API}/active/${'9'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual({
      detail: 'The address or the headers of the request are too long.',
      code: 'bad_request',
    });
    const malformed = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ code: 'bad_request' });
  });
});
