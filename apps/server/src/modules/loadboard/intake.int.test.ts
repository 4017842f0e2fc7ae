import { createHash } from 'node:crypto';
import type { IntakeKeyCreated, IntakePostingInput, IntakeResult } from '@app/domain/loadboard/intake.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, unique } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { createWorld, hoursFromNow, LOADS_API } from '../loads/loads.fixtures';

// The JSON intake (POST loadboard/intake) and its key: 401 and nothing changed without the right key, broker
// matching by MC number and by name, new brokers, de-duplication within 24 hours and not after, the
// blacklist mark and update_loadboard.

const { database, testApp, world } = setUpTestApp(createWorld);

const INTAKE = '/backend/api/v2/loadboard/intake';
const KEY_API = '/backend/api/v2/company/my/intake-key';

let key = '';
/** A broker of the company known by its MC number (stored as its digits, as the brokers module does). */
let known: { id: number; name: string; mc: string };

beforeAll(async () => {
  const rotated = await testApp.app.inject({
    method: 'POST',
    url: `${KEY_API}/rotate`,
    headers: world.sessions.manager.headers,
  });
  expect(rotated.statusCode, rotated.body).toBe(200);
  key = rotated.json<IntakeKeyCreated>().key;
  const mc = String(100000 + Math.floor(Math.random() * 800000));
  const row = await database.db
    .insertInto('broker_companies')
    .values({ company_id: world.company.id, name: `Total Quality Logistics ${unique()}`, mc_number: mc })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  known = { ...row, mc };
});

function posting(overrides: Partial<IntakePostingInput> = {}): IntakePostingInput {
  return {
    reference: `REF-${unique()}`,
    broker_company: { name: known.name, mc_number: `MC-${known.mc}` },
    broker_name: 'Mike Ross',
    broker_phone: '(513) 831-2600',
    reply_email: 'MRoss@TQL.test',
    pick_up: {
      address: '1500 Marilla St, Dallas, TX 75201',
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      country: 'US',
      lat: 32.7767,
      lon: -96.797,
      date: hoursFromNow(20),
    },
    deliver_to: {
      address: '1 Peachtree St, Atlanta, GA 30303',
      city: 'Atlanta',
      state: 'GA',
      zip_code: '30303',
      country: 'US',
      lat: 33.749,
      lon: -84.388,
      date: hoursFromNow(40),
    },
    car: 'SPRINTER VAN',
    pays: '$1,250.00',
    weight: 1800,
    pieces: 3,
    length: 48,
    width: 40,
    height: 48,
    equipment: { straps: true, liftgate: false },
    dock_level: true,
    ...overrides,
  };
}

const send = (body: unknown, headers: Record<string, string> = { 'x-intake-key': key }) =>
  testApp.app.inject({ method: 'POST', url: INTAKE, headers, payload: body as object });

async function post(body: IntakePostingInput): Promise<IntakeResult> {
  const response = await send(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IntakeResult>();
}

const counts = async () => {
  const count = async (table: 'loads' | 'broker_companies') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('company_id', '=', world.company.id)
          .executeTakeFirstOrThrow()
      ).count,
    );
  return { loads: await count('loads'), brokers: await count('broker_companies') };
};

const loadRow = (id: number) =>
  database.db.selectFrom('loads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the intake key', () => {
  it('is shown once, stored as its SHA-256 only, and its status never shows it', async () => {
    expect(key).toMatch(/^ik_[A-Za-z0-9_-]{43}$/);
    const company = await database.db
      .selectFrom('companies')
      .select(['intake_key_hash', 'intake_key_created_at'])
      .where('id', '=', world.company.id)
      .executeTakeFirstOrThrow();
    expect(company.intake_key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(company.intake_key_created_at).not.toBeNull();

    const status = await testApp.app.inject({
      method: 'GET',
      url: KEY_API,
      headers: world.sessions.admin.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      has_key: true,
      created_at: company.intake_key_created_at!.toISOString(),
    });
    expect(status.body).not.toContain(key);
  });

  it('a missing or wrong key answers 401 before the body is read, and changes nothing', async () => {
    const before = await counts();
    const recorder = recordEvents(testApp.bus);
    const missing = await send(posting(), {});
    const wrong = await send(posting(), { 'x-intake-key': `ik_${'A'.repeat(43)}` });
    const garbage = await send(posting(), { 'x-intake-key': 'not a key' });
    // A bad body with a wrong key is still a 401: the key is checked first.
    const badBodyWrongKey = await send({ car: 'BICYCLE' }, { 'x-intake-key': `ik_${'B'.repeat(43)}` });
    // A user's token is not an intake key.
    const token = await send(posting(), world.sessions.admin.headers);
    recorder.stop();

    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      code: 'unauthorized',
      detail: 'Send the company intake key in the X-Intake-Key header',
    });
    for (const response of [wrong, garbage, badBodyWrongKey, token]) {
      expect(response.statusCode, response.body).toBe(401);
    }
    expect(wrong.json()).toMatchObject({ code: 'unauthorized', detail: 'The intake key is not valid' });
    expect(await counts()).toEqual(before);
    expect(recorder.events).toEqual([]);
  });

  it('a rotated key replaces the one before it at once; a removed key takes no postings', async () => {
    const before = key;
    const rotated = await testApp.app.inject({
      method: 'POST',
      url: `${KEY_API}/rotate`,
      headers: world.sessions.admin.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    key = rotated.json<IntakeKeyCreated>().key;
    expect(key).not.toBe(before);
    expect((await send(posting(), { 'x-intake-key': before })).statusCode).toBe(401);
    expect((await send(posting())).statusCode).toBe(200);

    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: KEY_API,
      headers: world.sessions.manager.headers,
    });
    expect(removed.json()).toEqual({ has_key: false, created_at: null });
    expect((await send(posting())).statusCode).toBe(401);
    key = (
      await testApp.app.inject({
        method: 'POST',
        url: `${KEY_API}/rotate`,
        headers: world.sessions.admin.headers,
      })
    ).json<IntakeKeyCreated>().key;
  });

  it("posts to its own company's board only", async () => {
    const other = await createCompany(database.db);
    const otherKey = createHash('sha256')
      .update(`ik_${'C'.repeat(43)}`)
      .digest('hex');
    await database.db
      .updateTable('companies')
      .set({ intake_key_hash: otherKey, intake_key_created_at: new Date() })
      .where('id', '=', other.id)
      .execute();
    const before = await counts();
    const result = await send(posting(), { 'x-intake-key': `ik_${'C'.repeat(43)}` });
    expect(result.statusCode, result.body).toBe(200);
    const row = await loadRow(result.json<IntakeResult>().id);
    expect(row.company_id).toBe(other.id);
    expect(await counts()).toEqual(before);
  });
});

describe('the API docs', () => {
  it('document the intake: the X-Intake-Key security, an example posting, 401 and the answer', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
    const spec = response.json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(spec.components.securitySchemes.intakeKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Intake-Key',
    });
    const operation = spec.paths['/backend/api/v2/loadboard/intake']!.post!;
    expect(operation.security).toEqual([{ intakeKey: [] }]);
    expect(Object.keys(operation.responses as object)).toEqual(expect.arrayContaining(['200', '400', '401']));
    const body = JSON.stringify(operation.requestBody);
    expect(body).toContain('TQL-88213');
    expect(body).toContain('broker_company');
  });
});

describe('POST loadboard/intake', () => {
  it('lands a posting on the board (not in the load lists) and publishes update_loadboard', async () => {
    const recorder = recordEvents(testApp.bus);
    const startedAt = Date.now();
    const result = await post(posting({ reference: 'TQL-88213' }));
    recorder.stop();

    expect(result).toEqual({
      id: expect.any(Number) as number,
      outcome: 'created',
      board_status: 'posted',
      broker_company: { id: known.id, name: known.name, created: false, in_blacklist: false },
    });
    const row = await loadRow(result.id);
    expect(row).toMatchObject({
      status: 1,
      board_status: 'posted',
      posting_reference: 'TQL-88213',
      source: 'loadboard',
      broker_company_id: known.id,
      broker_name: 'Mike Ross',
      reply_email: 'mross@tql.test',
      pays_cents: 125000,
      vehicle_type: 'SPRINTER VAN',
      weight: 1800,
      dock_level: true,
      equipment: { straps: true },
      dispatcher_id: null,
      created_by: null,
    });
    expect(row.posted_at!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    // Dallas to Atlanta by the spec's estimate (great circle / 0.86), in whole miles.
    expect(row.miles).toBeGreaterThan(800);
    const points = await database.db
      .selectFrom('load_points')
      .select(['point_order', 'type', 'city', 'state', 'is_active'])
      .where('load_id', '=', result.id)
      .orderBy('point_order')
      .execute();
    expect(points).toEqual([
      { point_order: 1, type: 'pick_up', city: 'Dallas', state: 'TX', is_active: true },
      { point_order: 2, type: 'deliver_to', city: 'Atlanta', state: 'GA', is_active: false },
    ]);

    const active = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active?limit=500`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(active.json<{ results: { id: number }[] }>().results.map((load) => load.id)).not.toContain(
      result.id,
    );

    expect(recorder.events).toEqual([
      expect.objectContaining({
        event: 'update_loadboard',
        companyId: world.company.id,
        data: { load: expect.objectContaining({ id: result.id }) as unknown },
      }),
    ]);
    const broker = await database.db
      .selectFrom('broker_companies')
      .select(['last_posted_at'])
      .where('id', '=', known.id)
      .executeTakeFirstOrThrow();
    expect(broker.last_posted_at!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
  });

  it('matches the broker by name, whatever its case and spaces, when no MC number is given', async () => {
    const shouting = `  ${known.name.toUpperCase().replace(' ', '   ')} `;
    const before = await counts();
    const result = await post(posting({ broker_company: { name: shouting } }));
    expect(result.broker_company).toMatchObject({ id: known.id, created: false });
    expect(await counts()).toEqual({ loads: before.loads + 1, brokers: before.brokers });
  });

  it('matches by MC number before the name: another name with the known MC is the known broker', async () => {
    const result = await post(
      posting({ broker_company: { name: 'TQL Dallas Office', mc_number: known.mc } }),
    );
    expect(result.broker_company).toMatchObject({ id: known.id, name: known.name, created: false });
  });

  it('adds a broker it does not know: OTR with its MC number, in the rating queue; update_units', async () => {
    const mc = String(900000 + Math.floor(Math.random() * 90000));
    const name = `Coyote Logistics ${unique()}`;
    const recorder = recordEvents(testApp.bus);
    const result = await post(posting({ broker_company: { name, mc_number: `MC ${mc}` } }));
    recorder.stop();
    expect(result.broker_company).toMatchObject({ name, created: true, in_blacklist: false });
    const broker = await database.db
      .selectFrom('broker_companies')
      .selectAll()
      .where('id', '=', result.broker_company!.id)
      .executeTakeFirstOrThrow();
    expect(broker).toMatchObject({
      company_id: world.company.id,
      name,
      mc_number: mc,
      is_otr: true,
      rating: 1,
      in_blacklist: false,
    });
    expect(broker.rating_requested_at).not.toBeNull();
    expect(recorder.events.map((event) => event.event)).toEqual(['update_units', 'update_loadboard']);
    expect(recorder.events[0]!.data).toEqual({ kind: 'broker_company', ids: [broker.id] });

    // The next posting of the same broker finds it.
    const again = await post(posting({ broker_company: { name, mc_number: mc } }));
    expect(again.broker_company).toMatchObject({ id: broker.id, created: false });
  });

  it('adds a broker without an MC number as a non-OTR company', async () => {
    const name = `Local Shipper ${unique()}`;
    const result = await post(posting({ broker_company: { name } }));
    expect(result.broker_company).toMatchObject({ name, created: true });
    const broker = await database.db
      .selectFrom('broker_companies')
      .select(['is_otr', 'mc_number'])
      .where('id', '=', result.broker_company!.id)
      .executeTakeFirstOrThrow();
    expect(broker).toEqual({ is_otr: false, mc_number: null });
  });

  it("marks a blacklisted broker's posting and still takes it", async () => {
    const blacklisted = world.brokers[1]!;
    const result = await post(posting({ broker_company: { name: blacklisted.name } }));
    expect(result).toMatchObject({
      outcome: 'created',
      broker_company: { id: blacklisted.id, in_blacklist: true },
    });
    expect((await loadRow(result.id)).board_status).toBe('posted');
  });

  it('bad input answers 400 naming the field and changes nothing', async () => {
    const before = await counts();
    const response = await send({
      ...posting(),
      pick_up: { ...posting().pick_up, state: 'ZZ' },
      car: 'BICYCLE',
      weight: 1_000_000,
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json<{ fields: Record<string, string[]> }>();
    expect(fields['pick_up.state']).toEqual(['Must be a US state or Canadian province code']);
    expect(fields.weight).toEqual(['Must be at most 999999']);
    expect(Object.keys(fields)).toContain('car');
    const early = await send({
      ...posting(),
      deliver_to: { ...posting().deliver_to, date: hoursFromNow(1) },
    });
    expect(early.json<{ fields: Record<string, string[]> }>().fields['deliver_to.date']).toEqual([
      'Delivery date must not be earlier than the first point date',
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('de-duplication', () => {
  it('the same broker and reference within 24 hours updates the posted load instead of adding one', async () => {
    const reference = `DUP-${unique()}`;
    const first = await post(posting({ reference, pays: 1000 }));
    const before = await counts();
    const recorder = recordEvents(testApp.bus);
    const second = await post(
      posting({ reference, pays: '$1,150', pick_up: { ...posting().pick_up, city: 'Fort Worth' } }),
    );
    recorder.stop();

    expect(second).toMatchObject({ id: first.id, outcome: 'updated', board_status: 'posted' });
    expect(await counts()).toEqual(before);
    const row = await loadRow(first.id);
    expect(row.pays_cents).toBe(115000);
    const pickUp = await database.db
      .selectFrom('load_points')
      .select('city')
      .where('load_id', '=', first.id)
      .where('point_order', '=', 1)
      .executeTakeFirstOrThrow();
    expect(pickUp.city).toBe('Fort Worth');
    expect(recorder.events).toEqual([
      expect.objectContaining({
        event: 'update_loadboard',
        data: { load: expect.objectContaining({ id: first.id }) as unknown },
      }),
    ]);
    const history = await database.db
      .selectFrom('load_history')
      .select(['action', 'field', 'before', 'after'])
      .where('load_id', '=', first.id)
      .where('action', '=', 'edit')
      .execute();
    expect(history).toContainEqual({ action: 'edit', field: 'pays_cents', before: 100000, after: 115000 });
  });

  it('another broker with the same reference is another load', async () => {
    const reference = `SAME-${unique()}`;
    const first = await post(posting({ reference }));
    const other = await post(posting({ reference, broker_company: { name: `Echo Global ${unique()}` } }));
    expect(other.outcome).toBe('created');
    expect(other.id).not.toBe(first.id);
  });

  it('after 24 hours the same reference is a new posting', async () => {
    const reference = `OLD-${unique()}`;
    const first = await post(posting({ reference }));
    await database.db
      .updateTable('loads')
      .set({ posted_at: new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000) })
      .where('id', '=', first.id)
      .execute();
    const second = await post(posting({ reference }));
    expect(second.outcome).toBe('created');
    expect(second.id).not.toBe(first.id);
  });

  it('a repeat of a load already booked or withdrawn leaves it as it is', async () => {
    for (const status of ['booked', 'withdrawn'] as const) {
      const reference = `${status}-${unique()}`;
      const first = await post(posting({ reference, pays: 900 }));
      await database.db
        .updateTable('loads')
        .set({ board_status: status })
        .where('id', '=', first.id)
        .execute();
      const before = await counts();
      const recorder = recordEvents(testApp.bus);
      const repeat = await post(posting({ reference, pays: 2000 }));
      recorder.stop();
      expect(repeat).toMatchObject({ id: first.id, outcome: 'unchanged', board_status: status });
      expect((await loadRow(first.id)).pays_cents).toBe(90000);
      expect(await counts()).toEqual(before);
      expect(recorder.events.filter((event) => event.event === 'update_loadboard')).toEqual([]);
    }
  });

  it('postings without a reference are never repeats', async () => {
    const first = await post(posting({ reference: null }));
    const second = await post(posting({ reference: null }));
    expect(second.id).not.toBe(first.id);
  });

  it('ten copies of one posting sent at once add one load', async () => {
    const reference = `RACE-${unique()}`;
    const name = `Race Brokers ${unique()}`;
    const before = await counts();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(posting({ reference, broker_company: { name } }))),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
    expect(results.filter((result) => result.broker_company!.created)).toHaveLength(1);
    expect(await counts()).toEqual({ loads: before.loads + 1, brokers: before.brokers + 1 });
  });
});
