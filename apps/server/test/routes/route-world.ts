import { ROLE_IDS, type RoleId } from '@app/domain/common/lookups';
import { emailPostingValuesSchema } from '@app/domain/loadboard/email-postings.schema';
import { sql } from 'kysely';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/types';
import type { Access } from '../../src/modules/auth/caller';
import { insertLoad, multipart, uploadDocument } from '../../src/modules/loads/loads.fixtures';
import { login, type Session } from '../auth-helpers';
import {
  createCompany,
  createUser,
  createWorkingGroup,
  insertDriver,
  insertOwner,
  insertVehicle,
  unique,
  type TestCompany,
} from '../factories';
import type { CatalogRoute } from './route-catalog';

// The companies the route guarantees tests work with: a first company with one real record of each kind a
// route's path can name, and users of every role in it and in a second company.

/** The kinds of record a path parameter names. */
export type RecordKind =
  | 'activeLoad'
  | 'checkoutLoad'
  | 'completedLoad'
  | 'canceledLoad'
  | 'loadFile'
  | 'vehicle'
  | 'driver'
  | 'owner'
  | 'brokerCompany'
  | 'nonOtrCompany'
  | 'notification'
  | 'userRequest'
  | 'driverBid'
  | 'boardLoad'
  | 'groupChat'
  | 'chatFile'
  | 'proposition'
  | 'emailPosting'
  | 'emailChat'
  | 'emailAttachment'
  | 'smsChat'
  | 'smsFile'
  | 'smsBulk'
  | 'ownerPayment'
  | 'dispatcherPayment'
  | 'payUser'
  | 'incentive'
  | 'incentiveTemplate'
  | 'brokerPayment'
  | 'workingGroup'
  | 'subgroup'
  | 'employee';

/**
 * Which record a route's path parameter names, by the path: the first rule that matches. A new route whose
 * id none of these explain fails the guarantees test until a rule (and a record) is added here.
 */
const RECORD_RULES: [RegExp, RecordKind][] = [
  // Group chats: a message's file, a load's chat opened by the load's id, a chat.
  [/\/users\/current\/chats\/files\/:id\b/, 'chatFile'],
  [/\/users\/current\/chats\/load\/:id\b/, 'activeLoad'],
  [/\/users\/current\/chats\/:id\b/, 'groupChat'],
  // The v2 path and its older alias DELETE /backend/api/files/{id}/.
  [/\/(loads\/)?files\/:id\b/, 'loadFile'],
  [/\/loads\/loadboard\/:id\b/, 'boardLoad'],
  // Booking and the bid load's edit act on a load of the board.
  [/\/loads\/(bided\/:id\b|:id\/prepare-for-assign)/, 'boardLoad'],
  [/\/propositions\/:id\b/, 'proposition'],
  // Accounting: the income page and the accounting status of a load in checkout; a broker payment.
  [/\/loads\/(income\/:id|:id\/update-accounting-status)\b/, 'checkoutLoad'],
  [/\/payments\/update-quickpay\/:id\b/, 'brokerPayment'],
  [/\/loads\/checkout\/:id\b/, 'checkoutLoad'],
  [/\/loads\/completed\/:id\b/, 'completedLoad'],
  [/\/loads\/canceled\/:id\b/, 'canceledLoad'],
  [/\/loads\/(active\/)?:id\b/, 'activeLoad'],
  // The load board detail's rate prediction and cargo analysis read a load, on the board or active.
  [/\/(rate\/prediction|cargo\/analysis)\/:id\b/, 'activeLoad'],
  [/\/cars\/(active-driver\/)?:id\b/, 'vehicle'],
  [/\/users\/owners\/:id\b/, 'owner'],
  // Pay: an owner's or a dispatcher's week (a payment), a dispatcher's terms (a user who runs loads).
  [/\/payments\/owners\/:id\b/, 'ownerPayment'],
  [/\/payments\/dispatchers\/:id\b/, 'dispatcherPayment'],
  [/\/users\/:id\/dispatcher-info\b/, 'payUser'],
  // The people page: a staff member changed or dismissed (not users/{id}/update-driver-is-active/).
  [/\/users\/:id\/(update|delete)\/?$/, 'employee'],
  [/\/users\/(drivers\/)?:id\b/, 'driver'],
  // The panel's phone data and calls name a driver unless ?kind= says otherwise.
  [/\/telephony\/(user-phone-data|make-call)\/:id\b/, 'driver'],
  [/\/users\/requests\/:id\b/, 'userRequest'],
  [/\/brokers\/non-otr-broker-company\/:id\b/, 'nonOtrCompany'],
  [/\/brokers\/.*:id\b/, 'brokerCompany'],
  // The dashboard's one broker: a broker company.
  [/\/dashboard\/broker-company\/:id\b/, 'brokerCompany'],
  [/\/notifications\/:id\b/, 'notification'],
  [/\/bids\/driver-bid\/:id\b/, 'driverBid'],
  [/\/loadboard\/email-postings\/:id\b/, 'emailPosting'],
  [/\/email\/chats\/:id\b/, 'emailChat'],
  [/\/email\/attachments\/:id\b/, 'emailAttachment'],
  // SMS: a bulk sending's progress, a file (also on the phone page, by the chat's token), a chat.
  [/\/sms\/chats\/bulk-sending\/:id\b/, 'smsBulk'],
  [/\/sms\/(files|counterpart\/:token\/files)\/:id\b/, 'smsFile'],
  [/\/sms\/chats\/:id\b/, 'smsChat'],
  // Incentives: one on a load (incentives/{id}; incentives/loads/{id} names the load), a template.
  [/\/incentives\/:id\b/, 'incentive'],
  [/\/templates\/:id\b/, 'incentiveTemplate'],
  // Teams: a subgroup (working-groups/subgroups/{id} and subgroups/{id}/...), a team (working group).
  [/\/subgroups\/:id\b/, 'subgroup'],
  [/\/working-groups\/:id\b/, 'workingGroup'],
];

/**
 * Path parameters that are not a record's id: the realtime socket's company hash, a token, a mail sign-in
 * provider (the company's client keys of google or zoho).
 */
export const NOT_RECORD_PARAMS = new Set(['company_hash', 'token', 'provider']);

/** The value a request gives a path parameter that names no record, when it is not the company hash. */
export const NOT_RECORD_PARAM_VALUES: Record<string, string> = { provider: 'google' };

export function recordKindOf(route: Pick<CatalogRoute, 'path'>): RecordKind | undefined {
  return RECORD_RULES.find(([pattern]) => pattern.test(route.path))?.[1];
}

export type RoleName = RoleId | 'newcomer';

export type RouteWorld = {
  company: TestCompany;
  other: TestCompany;
  /** A signed-in user of each role of the first company, and a newcomer with no company and no role. */
  sessions: Record<RoleName, Session>;
  /** A superuser of the first company: every route lets them in. */
  superuser: Session;
  /** A signed-in user of each role of the second company. */
  otherSessions: Record<RoleId, Session>;
  /** The id of a record of each kind, all of the first company. */
  records: Record<RecordKind, number>;
};

export async function createRouteWorld(db: Db, app: App): Promise<RouteWorld> {
  const company = await createCompany(db);
  const other = await createCompany(db);
  const sessions = {} as Record<RoleName, Session>;
  const otherSessions = {} as Record<RoleId, Session>;
  const userIds = {} as Record<RoleId, number>;
  for (const role of ROLE_IDS) {
    const user = await createUser(db, { companyId: company.id, role });
    userIds[role] = user.id;
    sessions[role] = await login(app, user.email, user.password);
    const otherUser = await createUser(db, { companyId: other.id, role });
    otherSessions[role] = await login(app, otherUser.email, otherUser.password);
  }
  const newcomer = await createUser(db, { req_status: 'Send' });
  sessions.newcomer = await login(app, newcomer.email, newcomer.password);
  const superuserUser = await createUser(db, { companyId: company.id, role: 3, is_superuser: true });
  const superuser = await login(app, superuserUser.email, superuserUser.password);

  const records = await createRecords(db, company.id, { manager: userIds[4], dispatcher: userIds[5] });
  Object.assign(records, await insertGroupChat(app, sessions[5], records.activeLoad));
  Object.assign(records, await insertSmsFile(app, sessions[5], records.smsChat));
  records.emailAttachment = await insertEmailAttachment(app, sessions[5], records.emailChat);
  records.loadFile = (await uploadDocument(app, sessions[3], records.activeLoad, 'rate_confirmation')).id;
  // A tracker who runs no load and no vehicle, so that a dismissal the fuzz sends may succeed.
  records.employee = (await createUser(db, { companyId: company.id, role: 6 })).id;
  records.brokerPayment = (
    await db
      .insertInto('payments')
      .values({ company_id: company.id, type: 'broker', load_id: records.checkoutLoad, week: 10, year: 2026 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  records.userRequest = (
    await db
      .insertInto('user_requests')
      .values({ user_id: newcomer.id, company_id: company.id, target_department: 'Carrier', status: 2 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  records.notification = (
    await db
      .insertInto('notifications')
      .values({
        company_id: company.id,
        user_id: userIds[5],
        type_id: 1,
        label: 'Load',
        content: 'A load was assigned to you',
        load_id: records.activeLoad,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { company, other, sessions, superuser, otherSessions, records };
}

async function createRecords(
  db: Db,
  companyId: number,
  staff: { manager: number; dispatcher: number },
): Promise<Record<RecordKind, number>> {
  // The team holds the loads and the dispatcher, its subgroup the dispatcher: deleting either is refused.
  const group = await createWorkingGroup(db, {
    companyId,
    leadId: staff.manager,
    memberIds: [staff.dispatcher],
    subgroups: [{ memberIds: [staff.dispatcher] }],
  });
  const owner = await insertOwner(db, companyId);
  const driver = await insertDriver(db, companyId, { owner_id: owner.id });
  const vehicle = await insertVehicle(db, companyId, {
    active_driver_id: driver.id,
    dispatcher_id: staff.dispatcher,
    owner_id: owner.id,
    driver_ids: [driver.id],
  });
  const [broker, nonOtr] = await db
    .insertInto('broker_companies')
    .values([
      { company_id: companyId, name: `Acme ${unique()}`, mc_number: `MC${unique()}`, is_otr: true },
      { company_id: companyId, name: `Local ${unique()}`, is_otr: false },
    ])
    .returning('id')
    .execute();
  const load = (status: 1 | 8 | 10 | 12) =>
    insertLoad(db, companyId, {
      status,
      dispatcherId: staff.dispatcher,
      driverId: driver.id,
      vehicleId: vehicle.id,
      brokerId: broker!.id,
      workingGroupId: group.id,
    });
  const activeLoad = await load(1);
  return {
    activeLoad,
    workingGroup: group.id,
    subgroup: group.subgroupIds[0]!,
    checkoutLoad: await load(8),
    completedLoad: await load(10),
    canceledLoad: await load(12),
    loadFile: 0,
    brokerPayment: 0,
    employee: 0,
    vehicle: vehicle.id,
    driver: driver.id,
    owner: owner.id,
    brokerCompany: broker!.id,
    nonOtrCompany: nonOtr!.id,
    notification: 0,
    userRequest: 0,
    driverBid: await insertDriverBid(db, companyId, vehicle.id, driver.id),
    boardLoad: await insertBoardLoad(db, companyId),
    groupChat: 0,
    chatFile: 0,
    proposition: await insertProposition(db, companyId, vehicle.id, driver.id, staff.dispatcher),
    emailPosting: await insertEmailPosting(db, companyId),
    emailChat: await insertEmailChat(db, companyId, staff.dispatcher),
    emailAttachment: 0,
    ...(await insertSmsRecords(db, companyId, driver.id, staff.dispatcher)),
    ...(await insertPayRecords(db, companyId, owner.id, staff.dispatcher)),
    ...(await insertIncentiveRecords(db, companyId, activeLoad, driver.id)),
  };
}

/** A driver's bonus on the active load and a fine template (incentives/{id}, templates/{id}). */
async function insertIncentiveRecords(db: Db, companyId: number, loadId: number, driverId: number) {
  const incentive = await db
    .insertInto('incentives')
    .values({
      company_id: companyId,
      load_id: loadId,
      type: 'Bonus',
      person_type: 'driver',
      driver_id: driverId,
      amount_cents: 5_000,
      reason: 'Early delivery',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await db
    .insertInto('incentive_templates')
    .values({
      company_id: companyId,
      name: 'Late delivery',
      type: 'Fine',
      person_type: 'owner',
      amount_cents: 7_500,
      reason: 'Late delivery',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { incentive: incentive.id, incentiveTemplate: template.id };
}

/** The owner's and the dispatcher's pay of a week (payments/owners/{id}, payments/dispatchers/{id}). */
async function insertPayRecords(db: Db, companyId: number, ownerId: number, dispatcherId: number) {
  const week = { company_id: companyId, year: 2026, week: 10 };
  const [owner, dispatcher] = await db
    .insertInto('payments')
    .values([
      { ...week, type: 'owner', owner_id: ownerId },
      { ...week, type: 'dispatcher', dispatcher_id: dispatcherId },
    ])
    .returning('id')
    .execute();
  return { ownerPayment: owner!.id, dispatcherPayment: dispatcher!.id, payUser: dispatcherId };
}

/** A driver's SMS chat and a finished bulk sending (sms/chats/{id}, sms/chats/bulk-sending/{id}). */
async function insertSmsRecords(db: Db, companyId: number, driverId: number, dispatcherId: number) {
  const chat = await db
    .insertInto('sms_chats')
    .values({
      company_id: companyId,
      driver_id: driverId,
      phone_number: '+15551002000',
      counterpart_token: `t${unique()}x`.padEnd(24, 'x'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bulk = await db
    .insertInto('sms_bulk_sendings')
    .values({
      company_id: companyId,
      created_by: dispatcherId,
      content: 'Fuel card',
      state: 'done',
      requested: 1,
      sent: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { smsChat: chat.id, smsFile: 0, smsBulk: bulk.id };
}

/** An e-mail thread of the dispatcher with a broker, with one message (email/chats/{id}). */
async function insertEmailChat(db: Db, companyId: number, dispatcherId: number): Promise<number> {
  const chat = await db
    .insertInto('email_chats')
    .values({
      company_id: companyId,
      type: 3,
      user_id: dispatcherId,
      subject: 'Invoice 42',
      broker_email: 'ap@broker.test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('email_messages')
    .values({
      company_id: companyId,
      chat_id: chat.id,
      direction: 'in',
      delivery: 'received',
      message_id: `<${unique()}@broker.test>`,
      from_address: 'ap@broker.test',
      subject: 'Invoice 42',
      plain: 'Paid today.',
    })
    .execute();
  return chat.id;
}

/** A dispatcher's active proposition to the broker of a board load. */
async function insertProposition(
  db: Db,
  companyId: number,
  vehicleId: number,
  driverId: number,
  dispatcherId: number,
): Promise<number> {
  const loadId = await insertBoardLoad(db, companyId);
  const bid = await db
    .insertInto('bids')
    .values({
      company_id: companyId,
      load_id: loadId,
      kind: 'dispatcher',
      vehicle_id: vehicleId,
      driver_id: driverId,
      dispatcher_id: dispatcherId,
      price_cents: 185_000,
      email_to: 'loads@broker.test',
      email_subject: 'Load offer',
      message: 'We can take it',
      sent_at: new Date(),
      delivery: 'kept',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bid.id;
}

/** A broker's posting e-mail waiting for review (loadboard/email-postings/{id}). */
async function insertEmailPosting(db: Db, companyId: number): Promise<number> {
  const row = await db
    .insertInto('email_postings')
    .values({
      company_id: companyId,
      from_address: 'loads@broker.test',
      subject: 'Load Dallas, TX to Atlanta, GA',
      text: 'Need a sprinter',
      received_at: new Date(),
      state: 'needs_review',
      read_fields: JSON.stringify({
        ...Object.fromEntries(Object.keys(emailPostingValuesSchema.shape).map((field) => [field, null])),
        car: 'SPRINTER VAN',
      }),
      unread_fields: JSON.stringify([{ field: 'pick_up_date', text: null }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A load's group chat opened by its dispatcher, with a message carrying a file (through the API). */
async function insertGroupChat(app: App, session: Session, loadId: number) {
  const api = '/backend/api/v2/users/current/chats';
  const opened = await app.inject({ method: 'POST', url: `${api}/load/${loadId}`, headers: session.headers });
  const chatId = opened.json<{ id: number }>().id;
  const form = multipart({}, [['file', 'BOL.pdf', 'application/pdf', Buffer.from('%PDF-1.4')]]);
  const uploaded = await app.inject({
    method: 'PUT',
    url: `${api}/upload-file`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
  const fileId = uploaded.json<{ id: number }>().id;
  const sent = await app.inject({
    method: 'POST',
    url: `${api}/${chatId}/send-message`,
    headers: session.headers,
    payload: { content: 'On my way', files_id: [fileId] },
  });
  if (sent.statusCode !== 200) throw new Error(`chat message failed ${sent.statusCode}: ${sent.body}`);
  return { groupChat: chatId, chatFile: fileId };
}

/** A picture sent in the SMS chat by its dispatcher, through the API (sms/files/{id}). */
async function insertSmsFile(app: App, session: Session, chatId: number) {
  const api = '/backend/api/v2/sms/chats';
  const form = multipart({}, [['file', 'dock.gif', 'image/gif', Buffer.from('GIF89a')]]);
  const uploaded = await app.inject({
    method: 'PUT',
    url: `${api}/upload-file`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
  const fileId = uploaded.json<{ id: number }>().id;
  const sent = await app.inject({
    method: 'POST',
    url: `${api}/${chatId}/send-sms`,
    headers: session.headers,
    payload: { content: 'Dock 4', files_id: [fileId] },
  });
  if (sent.statusCode !== 200) throw new Error(`SMS failed ${sent.statusCode}: ${sent.body}`);
  return { smsFile: fileId };
}

/** A file of the dispatcher's reply in their e-mail thread (email/attachments/{id}/download). */
async function insertEmailAttachment(app: App, session: Session, chatId: number): Promise<number> {
  const form = multipart({ msg_plain: 'Invoice attached', to_emails: 'ap@broker.test' }, [
    ['attachments', 'invoice-42.pdf', 'application/pdf', Buffer.from('%PDF-1.4 invoice')],
  ]);
  const sent = await app.inject({
    method: 'POST',
    url: `/backend/api/v2/email/chats/${chatId}/send-message`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
  if (sent.statusCode !== 200) throw new Error(`E-mail failed ${sent.statusCode}: ${sent.body}`);
  return sent.json<{ message: { attachments: { id: number }[] } }>().message.attachments[0]!.id;
}

/** A load on the load board (GET loads/loadboard/{id}). */
async function insertBoardLoad(db: Db, companyId: number): Promise<number> {
  const loadId = await insertLoad(db, companyId);
  await db
    .updateTable('loads')
    .set({ board_status: 'posted', posted_at: new Date() })
    .where('id', '=', loadId)
    .execute();
  return loadId;
}

/** A driver's pending bid on a load of the load board. */
async function insertDriverBid(
  db: Db,
  companyId: number,
  vehicleId: number,
  driverId: number,
): Promise<number> {
  const loadId = await insertLoad(db, companyId);
  await db
    .updateTable('loads')
    .set({ board_status: 'posted', posted_at: new Date() })
    .where('id', '=', loadId)
    .execute();
  const bid = await db
    .insertInto('bids')
    .values({
      company_id: companyId,
      load_id: loadId,
      kind: 'driver',
      vehicle_id: vehicleId,
      driver_id: driverId,
      price_cents: 150_000,
      placed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bid.id;
}

/** A role the route lets in (the first it names), to be sure that a refusal is not about the role. */
export function allowedRole(access: Access | undefined): RoleId {
  if (access === undefined || access === 'authenticated' || access === 'any-staff') return 3;
  return access[0] ?? 3;
}

// Tables a refused request may still write to: the sign-in records of the users that call.
const AUTH_TABLES = new Set([
  'refresh_tokens',
  'login_attempts',
  'idempotency_keys',
  'kysely_migration',
  'kysely_migration_lock',
]);

/**
 * A fingerprint of every row of every table (but the sign-in records): equal before and after a request
 * that changed nothing. Names the tables whose rows differ.
 */
export async function tableFingerprints(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const names = tables.rows.map((row) => row.table_name).filter((name) => !AUTH_TABLES.has(name));
  const selects = names.map(
    (name) =>
      sql`select ${name}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.table(name)} t`,
  );
  const result = await sql<{ name: string; hash: string }>`${sql.join(selects, sql` union all `)}`.execute(
    db,
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
