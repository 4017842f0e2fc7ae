import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test/test-suite';
import { createBody, createWorld, LOADS_API } from '../modules/loads/loads.fixtures';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency';

// An Idempotency-Key names one request: a retry of it answers the first result, and the same key sent with
// another body is refused instead of silently answering the first request's result.

const { database, testApp, world } = setUpTestApp(createWorld);

const loadCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('loads')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('company_id', '=', world.company.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

function post(payload: string | object, key: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `${LOADS_API}/create`,
    headers: {
      ...world.sessions.dispatcher.headers,
      'idempotency-key': key,
      'content-type': 'application/json',
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('Idempotency-Key', () => {
  it('answers 422 when the key comes back with another body, and creates nothing more', async () => {
    const body = createBody(world);
    const first = await post(body, 'reused-key');
    expect(first.statusCode, first.body).toBe(200);
    const before = await loadCount();

    const other = await post({ ...body, broker_name: 'Another Broker' }, 'reused-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      detail: IDEMPOTENCY_KEY_REUSED_MESSAGE,
      code: 'idempotency_key_reused',
      fields: { 'Idempotency-Key': [IDEMPOTENCY_KEY_REUSED_MESSAGE] },
    });
    expect(await loadCount()).toBe(before);
  });

  it('still answers the first result to the same body, whatever the order of its fields', async () => {
    const body = createBody(world);
    const first = await post(body, 'same-request');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await post(reordered, 'same-request');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });
});
