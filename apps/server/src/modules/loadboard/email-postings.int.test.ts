import type { IntakeKeyCreated } from '@app/domain/loadboard/intake.schema';
import type { EmailPostingReceipt } from '@app/domain/loadboard/email-postings.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { createWorld } from '../loads/loads.fixtures';
import { EXPECTED_POSTINGS, rawMail, type ExpectedPosting } from './email-postings.fixtures';

// Broker e-mails that post loads, through the real route (POST loadboard/intake/email with the intake key),
// the real mail parser, the reader and the load intake: 22 mails of different layouts, each read as the
// fixtures say, on the board or kept for review with what could not be read; the same reference again
// updates the load, an unknown broker is added by its MC number, a mail received twice is kept once, and a
// wrong key changes nothing.

const { database, testApp, world } = setUpTestApp(createWorld);

const INTAKE_EMAIL = '/backend/api/v2/loadboard/intake/email';
let key = '';

beforeAll(async () => {
  const rotated = await testApp.app.inject({
    method: 'POST',
    url: '/backend/api/v2/company/my/intake-key/rotate',
    headers: world.sessions.manager.headers,
  });
  expect(rotated.statusCode, rotated.body).toBe(200);
  key = rotated.json<IntakeKeyCreated>().key;
});

const sendMail = (raw: string, intakeKey = key) =>
  testApp.app.inject({
    method: 'POST',
    url: INTAKE_EMAIL,
    headers: { 'x-intake-key': intakeKey, 'content-type': 'message/rfc822' },
    payload: raw,
  });

const tableCount = async (table: 'loads' | 'broker_companies' | 'email_postings') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('company_id', '=', world.company.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

async function boardLoad(id: number) {
  const load = await database.db
    .selectFrom('loads')
    .select([
      'board_status',
      'vehicle_type',
      'pays_cents',
      'weight',
      'pieces',
      'miles',
      'length',
      'width',
      'height',
      'posting_reference',
      'broker_company_id',
      'reply_email',
      'pick_up_datetime',
      'delivery_datetime',
    ])
    .where('id', '=', id)
    .where('company_id', '=', world.company.id)
    .executeTakeFirstOrThrow();
  const points = await database.db
    .selectFrom('load_points')
    .select(['type', 'city', 'state', 'lat'])
    .where('load_id', '=', id)
    .orderBy('point_order')
    .execute();
  return { load, points };
}

const instant = (iso: string) => new Date(iso).toISOString();

function expectRead(expected: ExpectedPosting, row: { read_fields: unknown; unread_fields: unknown }) {
  const read = row.read_fields as Record<string, unknown> & {
    pick_up: { city: string; state: string } | null;
    deliver_to: { city: string; state: string } | null;
  };
  const place = (value: typeof read.pick_up) => (value ? `${value.city}, ${value.state}` : null);
  expect(place(read.pick_up), 'pick-up').toBe(expected.pickUp);
  expect(place(read.deliver_to), 'delivery').toBe(expected.deliverTo);
  expect(read.pick_up_date, 'pick-up date').toBe(expected.pickUpDate);
  if (expected.deliveryDate !== undefined)
    expect(read.delivery_date, 'delivery date').toBe(expected.deliveryDate);
  expect(read.car, 'vehicle type').toBe(expected.car);
  expect(read.pays_cents, 'rate').toBe(expected.paysCents);
  expect(read.reference, 'reference').toBe(expected.reference);
  expect(read.mc_number, 'MC number').toBe(expected.mcNumber);
  if (expected.weight !== undefined) expect(read.weight, 'weight').toBe(expected.weight);
  if (expected.pieces !== undefined) expect(read.pieces, 'pieces').toBe(expected.pieces);
  if (expected.miles !== undefined) expect(read.miles, 'miles').toBe(expected.miles);
  if (expected.dims) expect([read.length, read.width, read.height], 'dims').toEqual(expected.dims);
  expect(
    (row.unread_fields as { field: string }[]).map((field) => field.field),
    'unread',
  ).toEqual(expected.unread);
}

describe('posting e-mails of brokers', () => {
  const receipts = new Map<string, EmailPostingReceipt>();

  beforeAll(async () => {
    for (const expected of EXPECTED_POSTINGS) {
      const response = await sendMail(rawMail(expected.file));
      expect(response.statusCode, `${expected.file}: ${response.body}`).toBe(200);
      receipts.set(expected.file, response.json<EmailPostingReceipt>());
    }
  });

  it.each(EXPECTED_POSTINGS.map((expected) => [expected.file, expected] as const))(
    '%s is read as the fixture says and posted or kept for review',
    async (file, expected) => {
      const receipt = receipts.get(file)!;
      expect(receipt.state).toBe(expected.state);
      expect(receipt.unread_fields.map((field) => field.field)).toEqual(expected.unread);
      const row = await database.db
        .selectFrom('email_postings')
        .selectAll()
        .where('id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      expect(row.company_id).toBe(world.company.id);
      expect(row.state).toBe(expected.state);
      expectRead(expected, row);
      if (expected.state === 'needs_review') {
        expect(receipt.load_id).toBeNull();
        return;
      }
      const { load, points } = await boardLoad(receipt.load_id!);
      expect(load.board_status).toBe('posted');
      expect(load.vehicle_type).toBe(expected.car);
      expect(load.pays_cents).toBe(expected.boardPaysCents ?? expected.paysCents);
      expect(load.posting_reference).toBe(expected.reference);
      expect(load.pick_up_datetime?.toISOString()).toBe(instant(expected.pickUpDate!));
      if (expected.deliveryDate)
        expect(load.delivery_datetime?.toISOString()).toBe(instant(expected.deliveryDate));
      else expect(load.delivery_datetime!.getTime()).toBeGreaterThan(load.pick_up_datetime!.getTime());
      expect(points.map((point) => `${point.city}, ${point.state}`)).toEqual([
        expected.pickUp,
        expected.deliverTo,
      ]);
      expect(points.every((point) => point.lat !== null)).toBe(true);
      expect(load.reply_email).toMatch(/@/);
    },
  );

  it('updates the load of the same broker and reference instead of adding one (the rate changed)', async () => {
    const first = receipts.get('01-labelled-plain.eml')!;
    const update = receipts.get('12-reply-quoted.eml')!;
    expect(update.load_id).toBe(first.load_id);
    expect((await boardLoad(first.load_id!)).load.pays_cents).toBe(140_000);
  });

  it('adds a broker it does not know by the MC number and the name the mail gives', async () => {
    const { load } = await boardLoad(receipts.get('20-new-broker-by-mc.eml')!.load_id!);
    const broker = await database.db
      .selectFrom('broker_companies')
      .select(['name', 'mc_number', 'is_otr'])
      .where('id', '=', load.broker_company_id!)
      .executeTakeFirstOrThrow();
    expect(broker).toEqual({ name: 'Sunbelt Freight Partners', mc_number: '1023344', is_otr: true });
  });

  it('names a broker it does not know after the company its signature puts in front of the MC number', async () => {
    const { load } = await boardLoad(receipts.get('13-large-straight-dims.eml')!.load_id!);
    const broker = await database.db
      .selectFrom('broker_companies')
      .select(['name', 'mc_number'])
      .where('id', '=', load.broker_company_id!)
      .executeTakeFirstOrThrow();
    expect(broker).toEqual({ name: 'Panther Premium Logistics', mc_number: '371498' });
  });

  it("matches a broker without an MC number by the sender's domain", async () => {
    const { id } = await database.db
      .insertInto('broker_companies')
      .values({
        company_id: world.company.id,
        name: 'Typo Freight Brokers',
        email: 'ops@typo-freight.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const raw = rawMail('22-weight-too-large.eml')
      .replace('paul@typo-broker.example', 'paul@Typo-Freight.example')
      .replace('<typo-2222@typo-broker.example>', '<typo-2223@typo-freight.example>')
      .replace('Broker: Typo Broker Inc\n', '')
      .replace('TB-2222', 'TB-2223');
    const response = await sendMail(raw);
    expect(response.statusCode, response.body).toBe(200);
    const { load } = await boardLoad(response.json<EmailPostingReceipt>().load_id!);
    expect(load.broker_company_id).toBe(id);
  });

  it('keeps a mail received twice (the same Message-ID) once and answers what was done', async () => {
    const before = await Promise.all([tableCount('loads'), tableCount('email_postings')]);
    const recorder = recordEvents(testApp.bus);
    const again = await sendMail(rawMail('03-html-table.eml'));
    recorder.stop();
    expect(again.statusCode).toBe(200);
    expect(again.json<EmailPostingReceipt>()).toEqual(receipts.get('03-html-table.eml'));
    expect(await Promise.all([tableCount('loads'), tableCount('email_postings')])).toEqual(before);
    expect(recorder.events).toEqual([]);
  });

  it('publishes update_loadboard for a posted mail and update_email_postings for one kept for review', async () => {
    const recorder = recordEvents(testApp.bus);
    const posted = await sendMail(rawMail('02-subject-lane-short.eml').replace('echo-1001@', 'echo-1002@'));
    const kept = await sendMail(rawMail('10-no-vehicle.eml').replace('uf-77110@', 'uf-77111@'));
    recorder.stop();
    const names = recorder.events.map((event) => event.event);
    expect(names.filter((name) => name === 'update_loadboard')).toHaveLength(1);
    expect(recorder.events.find((event) => event.event === 'update_email_postings')?.data).toEqual({
      ids: [kept.json<EmailPostingReceipt>().id],
    });
    expect(posted.json<EmailPostingReceipt>().state).toBe('posted');
  });

  it('refuses a missing or wrong intake key with 401 and changes nothing', async () => {
    const before = await Promise.all([
      tableCount('loads'),
      tableCount('broker_companies'),
      tableCount('email_postings'),
    ]);
    const raw = rawMail('07-month-names.eml').replace('ch-9981201@', 'ch-other@');
    expect((await sendMail(raw, 'not-the-key')).statusCode).toBe(401);
    const missing = await testApp.app.inject({
      method: 'POST',
      url: INTAKE_EMAIL,
      headers: { 'content-type': 'message/rfc822' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json<{ code: string }>().code).toBe('unauthorized');
    expect(
      await Promise.all([tableCount('loads'), tableCount('broker_companies'), tableCount('email_postings')]),
    ).toEqual(before);
  });
});
