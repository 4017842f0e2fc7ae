import type { EmailPosting, EmailPostingList } from '@app/domain/loadboard/email-postings.schema';
import type { EmailPostingReceipt } from '@app/domain/loadboard/email-postings.schema';
import type { IntakeKeyCreated } from '@app/domain/loadboard/intake.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { createCompany } from '../../../test/factories';
import { createStaff } from '../../../test/staff';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { createWorld } from '../loads/loads.fixtures';
import { rawMail } from './email-postings.fixtures';

// The dispatcher's review list of posting e-mails (GET loadboard/email-postings): the mails that need
// review, newest first, with what was read and what was not; posting one with the missing fields (through
// the intake, onto the board) and dismissing one, each once; another company sees and changes none of them.

const { database, testApp, world } = setUpTestApp(async (db, app) => {
  const world = await createWorld(db, app);
  const other = await createCompany(db);
  const { sessions } = await createStaff(db, app, other.id, { dispatcher: 5 });
  return { ...world, outsider: sessions.dispatcher };
});

const API = '/backend/api/v2/loadboard/email-postings';
/** The mails of the fixtures that lack a delivery place, a vehicle type and a pick-up date. */
const REVIEW_FILES = ['09-missing-delivery.eml', '10-no-vehicle.eml', '18-unreadable-date.eml'] as const;
const ids: Record<(typeof REVIEW_FILES)[number], number> = {} as never;

const ATLANTA = {
  address: 'Atlanta, GA 30303, USA',
  city: 'Atlanta',
  state: 'GA',
  zip_code: '30303',
  country: 'US',
  lat: 33.749,
  lon: -84.388,
} as const;

beforeAll(async () => {
  const rotated = await testApp.app.inject({
    method: 'POST',
    url: '/backend/api/v2/company/my/intake-key/rotate',
    headers: world.sessions.manager.headers,
  });
  const key = rotated.json<IntakeKeyCreated>().key;
  for (const file of [...REVIEW_FILES, '02-subject-lane-short.eml']) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/loadboard/intake/email',
      headers: { 'x-intake-key': key, 'content-type': 'message/rfc822' },
      payload: rawMail(file),
    });
    expect(response.statusCode, response.body).toBe(200);
    if (file !== '02-subject-lane-short.eml')
      ids[file as keyof typeof ids] = response.json<EmailPostingReceipt>().id;
  }
});

const list = (query = '', session: Session = world.sessions.dispatcher) =>
  testApp.app.inject({ method: 'GET', url: `${API}${query}`, headers: session.headers });
const dismiss = (id: number, session: Session = world.sessions.dispatcher) =>
  testApp.app.inject({ method: 'PUT', url: `${API}/${id}/dismiss`, headers: session.headers });
const post = (id: number, body: object, session: Session = world.sessions.dispatcher) =>
  testApp.app.inject({ method: 'POST', url: `${API}/${id}/post`, headers: session.headers, payload: body });
const stateOf = async (id: number) =>
  (
    await database.db
      .selectFrom('email_postings')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;
const loadCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('loads')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('the review list of posting e-mails', () => {
  it('lists the mails that need review newest first, paginated, with what was read and what was not', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EmailPostingList>();
    expect(body.count).toBe(3);
    expect(body.results.map((item) => item.id)).toEqual([
      ids['18-unreadable-date.eml'],
      ids['10-no-vehicle.eml'],
      ids['09-missing-delivery.eml'],
    ]);
    const charlotte = body.results[2]!;
    expect(charlotte).toMatchObject({
      from_address: 'alee@smallbroker.example',
      from_name: 'Amy Lee',
      subject: 'Need a sprinter tomorrow',
      state: 'needs_review',
      load_id: null,
      unread_fields: [
        { field: 'deliver_to', text: 'TBD, will confirm' },
        { field: 'pays', text: 'call' },
      ],
    });
    expect(charlotte.read.pick_up).toMatchObject({ city: 'Charlotte', state: 'NC', country: 'US' });
    expect(charlotte.text).toContain('Pick up: Charlotte, NC 28202 tomorrow 9am');

    const second = (await list('?page=2&limit=2')).json<EmailPostingList>();
    expect(second).toMatchObject({ count: 3, results: [{ id: ids['09-missing-delivery.eml'] }] });
  });

  it('refuses to post a mail still missing what a posting needs, naming the fields, and changes nothing', async () => {
    const before = await loadCount();
    const response = await post(ids['09-missing-delivery.eml'], {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string[]> }>().fields).toEqual({
      deliver_to: ['This field is required'],
    });
    const backwards = await post(ids['09-missing-delivery.eml'], {
      deliver_to: ATLANTA,
      delivery_date: '2026-11-25T08:00:00-05:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json<{ fields: object }>().fields)).toEqual(['delivery_date']);
    expect(await loadCount()).toBe(before);
    expect(await stateOf(ids['09-missing-delivery.eml'])).toBe('needs_review');
  });

  it('posts a mail with the fields the dispatcher completed onto the board, once', async () => {
    const recorder = recordEvents(testApp.bus);
    const response = await post(ids['09-missing-delivery.eml'], { deliver_to: ATLANTA, pays: '$900' });
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    const posted = response.json<EmailPosting>();
    expect(posted).toMatchObject({ state: 'posted', unread_fields: [] });
    const load = await database.db
      .selectFrom('loads')
      .select(['board_status', 'pays_cents', 'vehicle_type', 'posting_reference', 'company_id'])
      .where('id', '=', posted.load_id!)
      .executeTakeFirstOrThrow();
    expect(load).toEqual({
      board_status: 'posted',
      pays_cents: 90_000,
      vehicle_type: 'SPRINTER',
      posting_reference: 'SB-0009',
      company_id: world.company.id,
    });
    expect(recorder.events.map((event) => event.event).sort()).toEqual(
      expect.arrayContaining(['update_email_postings', 'update_loadboard']),
    );
    expect((await list()).json<EmailPostingList>().count).toBe(2);

    const again = await post(ids['09-missing-delivery.eml'], { deliver_to: ATLANTA });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('email_posting_not_reviewable');
  });

  it('dismisses a mail once: it leaves the review list', async () => {
    const response = await dismiss(ids['10-no-vehicle.eml']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EmailPosting>().state).toBe('dismissed');
    expect((await list()).json<EmailPostingList>().results.map((item) => item.id)).toEqual([
      ids['18-unreadable-date.eml'],
    ]);
    const again = await dismiss(ids['10-no-vehicle.eml']);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('email_posting_not_reviewable');
  });

  it("shows another company's dispatcher none of them and lets it change none (404)", async () => {
    const outsider = (world as typeof world & { outsider: Session }).outsider;
    expect((await list('', outsider)).json<EmailPostingList>()).toEqual({ count: 0, results: [] });
    const id = ids['18-unreadable-date.eml'];
    expect((await dismiss(id, outsider)).statusCode).toBe(404);
    expect((await post(id, { pick_up_date: '2026-11-27T08:00:00-05:00' }, outsider)).statusCode).toBe(404);
    expect(await stateOf(id)).toBe('needs_review');
  });
});
