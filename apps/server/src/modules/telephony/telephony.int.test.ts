import type { TelephonySettings } from '@app/domain/company/telephony-settings.schema';
import type { CallInfo, ContactList, ContactUrls } from '@app/domain/telephony/telephony.schema';
import { TELEPHONY_MESSAGES } from '@app/domain/telephony/telephony.rules';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { login, type Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  insertDriver,
  insertOwner,
  insertVehicle,
  unique,
} from '../../../test/factories';
import { createStaff } from '../../../test/staff';
import { insertLoad } from '../loads/loads.fixtures';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';

// The right-hand panel's calls: the people search, the user's phone data and the calls, with numbers only
// for those who may see them (role 4, or the company's is_visible_phone_numbers), and nothing of another
// company.

async function createTelephonyWorld(db: Db, app: App) {
  const company = await createCompany(db, { call_system: 'RingCentral' });
  const staff = await createStaff(db, app, company.id, { manager: 4, dispatcher: 5, tracker: 6 }, (name) =>
    name === 'dispatcher' ? { first_name: 'Dana', last_name: `Dispatcher${unique()}` } : {},
  );
  const colleague = await createUser(db, {
    companyId: company.id,
    role: 7,
    first_name: 'Carla',
    last_name: `Accountant${unique()}`,
  });
  const owner = await insertOwner(db, company.id, {
    first_name: 'Olga',
    last_name: 'Owens',
    company_name: 'Owens Freight LLC',
    phone_number: '(555) 700-0001',
  });
  const driver = await insertDriver(db, company.id, {
    first_name: 'Carl',
    last_name: 'Dunn',
    phone_number: '555-100-2000',
  });
  const silent = await insertDriver(db, company.id, {
    first_name: 'Carl',
    last_name: 'Quiet',
    phone_number: null,
  });
  const vehicle = await insertVehicle(db, company.id, {
    unit_id: '4521',
    owner_id: owner.id,
    active_driver_id: driver.id,
    driver_ids: [driver.id],
  });
  const broker = await db
    .insertInto('broker_companies')
    .values({
      company_id: company.id,
      name: 'Carlisle Logistics',
      mc_number: '771234',
      phone: '(555) 300-1000',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const other = await createCompany(db, { call_system: 'RingCentral' });
  const otherManager = await createUser(db, { companyId: other.id, role: 4 });
  const otherDriver = await insertDriver(db, other.id, { first_name: 'Carl', last_name: 'Elsewhere' });
  return {
    company,
    sessions: staff.sessions,
    colleague,
    owner,
    driver,
    silent,
    vehicle,
    brokerId: broker.id,
    other: { session: await login(app, otherManager.email, otherManager.password), driverId: otherDriver.id },
  };
}

const { database, testApp, world } = setUpTestApp(createTelephonyWorld);
const API = '/backend/api/v2';

async function call<Body>(method: 'GET' | 'POST' | 'PUT', url: string, session: Session, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url: `${API}/${url}`,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Body>() };
}

const search = (session: Session, text: string) =>
  call<ContactList>('GET', `telephony/contacts?search=${encodeURIComponent(text)}`, session);

const TEMPLATES = {
  call_url_template: 'https://app.ringcentral.com/r/call?number={phone}&name={name}',
  sms_url_template: 'https://app.ringcentral.com/r/sms?number={phone}',
};

describe('GET telephony/contacts', () => {
  it('finds drivers, owners, brokers and colleagues by name, with unit and company, numbers hidden from a dispatcher', async () => {
    const found = await search(world.sessions.dispatcher, 'car');
    expect(found.status).toBe(200);
    const names = found.body.results.map((entry) => [entry.kind, entry.full_name]);
    expect(names).toEqual([
      ['driver', 'Carl Dunn'],
      ['driver', 'Carl Quiet'],
      ['user', `Carla ${world.colleague.last_name}`],
      ['broker', 'Carlisle Logistics'],
    ]);
    const carl = found.body.results.find((entry) => entry.full_name === 'Carl Dunn')!;
    expect(carl).toMatchObject({
      kind: 'driver',
      id: world.driver.id,
      first_name: 'Carl',
      last_name: 'Dunn',
      unit_id: '4521',
      company_name: 'Owens Freight LLC',
      phone_number: null,
      has_phone: true,
      avatar: null,
    });
    expect(found.body.results.every((entry) => entry.phone_number === null)).toBe(true);
    expect(found.body.results.find((entry) => entry.full_name === 'Carl Quiet')?.has_phone).toBe(false);
    expect(found.body.count).toBe(4);
  });

  it('shows the numbers to a manager and finds people by phone and unit; a hidden number is not found by guessing', async () => {
    const byName = await search(world.sessions.manager, 'Carl Dunn');
    expect(byName.body.results[0]?.phone_number).toBe('555-100-2000');
    const byPhone = await search(world.sessions.manager, '(555) 700');
    expect(byPhone.body.results.map((entry) => entry.full_name)).toEqual(['Olga Owens']);
    expect((await search(world.sessions.dispatcher, '(555) 700')).body.results).toEqual([]);
    const byUnit = await search(world.sessions.dispatcher, '4521');
    expect(byUnit.body.results.map((entry) => [entry.kind, entry.full_name])).toEqual([
      ['driver', 'Carl Dunn'],
      ['owner', 'Olga Owens'],
    ]);
    expect((await search(world.sessions.dispatcher, 'Owens Fr')).body.results[0]?.kind).toBe('owner');
  });

  it('shows every number when the company shows phones to all users', async () => {
    await database.db
      .updateTable('companies')
      .set({ is_visible_phone_numbers: true })
      .where('id', '=', world.company.id)
      .execute();
    try {
      const found = await search(world.sessions.tracker, 'Carl Dunn');
      expect(found.body.results[0]?.phone_number).toBe('555-100-2000');
    } finally {
      await database.db
        .updateTable('companies')
        .set({ is_visible_phone_numbers: false })
        .where('id', '=', world.company.id)
        .execute();
    }
  });

  it("answers 20 at most, leaves the caller out and never shows another company's people", async () => {
    for (let index = 0; index < 22; index += 1)
      await insertDriver(database.db, world.company.id, { first_name: 'Zane', last_name: `Zeta${index}` });
    const many = await search(world.sessions.dispatcher, 'zane');
    expect(many.body.results).toHaveLength(20);
    expect(many.body.count).toBe(20);
    expect((await search(world.sessions.dispatcher, 'Dana')).body.results).toEqual([]);
    const elsewhere = await search(world.other.session, 'carl');
    expect(elsewhere.body.results.map((entry) => entry.full_name)).toEqual(['Carl Elsewhere']);
  });

  it('refuses a search longer than 100 characters, naming the field', async () => {
    const response = await search(world.sessions.dispatcher, 'x'.repeat(101));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('search');
  });
});

describe('GET telephony/user-phone-data/{id}', () => {
  it('answers the driver and their owner for a driver, and call_system null while calls go through tel:', async () => {
    const response = await call<CallInfo>(
      'GET',
      `telephony/user-phone-data/${world.driver.id}`,
      world.sessions.dispatcher,
    );
    expect(response.status).toBe(200);
    expect(response.body.call_system).toBeNull();
    expect(response.body.driver).toMatchObject({ id: world.driver.id, unit_id: '4521', phone_number: null });
    expect(response.body.owner).toMatchObject({
      id: world.owner.id,
      full_name: 'Olga Owens',
      unit_id: '4521',
    });
  });

  it("answers a vehicle's or an owner's pair, and 404 for another company's", async () => {
    const byVehicle = await call<CallInfo>(
      'GET',
      `telephony/user-phone-data/${world.vehicle.id}?kind=vehicle`,
      world.sessions.manager,
    );
    expect(byVehicle.body.driver?.phone_number).toBe('555-100-2000');
    expect(byVehicle.body.owner?.id).toBe(world.owner.id);
    const byOwner = await call<CallInfo>(
      'GET',
      `telephony/user-phone-data/${world.owner.id}?kind=owner`,
      world.sessions.manager,
    );
    expect(byOwner.body.driver?.id).toBe(world.driver.id);
    const elsewhere = await call(
      'GET',
      `telephony/user-phone-data/${world.other.driverId}`,
      world.sessions.manager,
    );
    expect(elsewhere.status).toBe(404);
  });
  it('names the active load of the unit and its group chat once there is one, for the Chat button', async () => {
    const loadId = await insertLoad(database.db, world.company.id, {
      status: 3,
      vehicleId: world.vehicle.id,
      driverId: world.driver.id,
    });
    const url = `telephony/user-phone-data/${world.driver.id}`;
    const before = await call<CallInfo>('GET', url, world.sessions.dispatcher);
    expect(before.body.driver).toMatchObject({ load_id: loadId, group_chat: null, driver_chat: null });
    const opened = await call<{ id: number }>(
      'POST',
      `users/current/chats/load/${loadId}`,
      world.sessions.dispatcher,
    );
    expect(opened.status).toBe(200);
    const chat = opened.body;
    const after = await call<CallInfo>('GET', url, world.sessions.dispatcher);
    expect(after.body.driver).toMatchObject({ load_id: loadId, group_chat: chat.id, driver_chat: chat.id });
    expect(after.body.owner).toMatchObject({ load_id: loadId, group_chat: chat.id, driver_chat: chat.id });
    const found = await search(world.sessions.dispatcher, 'Carl Dunn');
    expect(found.body.results[0]).toMatchObject({ id: world.driver.id, driver_chat: chat.id });
    // The drivers' contact search (GET users/search/drivers) opens the same chat.
    const contacts = await call<{ results: { id: number; driver_chat: number | null }[] }>(
      'GET',
      'users/search/drivers?entity=driver&search=Dunn',
      world.sessions.dispatcher,
    );
    expect(contacts.body.results).toEqual([
      expect.objectContaining({ id: world.driver.id, driver_chat: chat.id }),
    ]);
  });

  it("names the driver's and the owner's own SMS chats once they exist, for the SMS button", async () => {
    const url = `telephony/user-phone-data/${world.driver.id}`;
    const before = await call<CallInfo>('GET', url, world.sessions.dispatcher);
    expect(before.body.driver?.personal_sms_chat).toBeNull();
    expect(before.body.owner?.personal_sms_chat).toBeNull();
    const driverChat = await call<{ id: number }>('POST', 'sms/chats/open', world.sessions.dispatcher, {
      driver_id: world.driver.id,
    });
    expect(driverChat.status).toBe(200);
    const afterDriver = await call<CallInfo>('GET', url, world.sessions.dispatcher);
    expect(afterDriver.body.driver).toMatchObject({ personal_sms_chat: driverChat.body.id });
    expect(afterDriver.body.owner).toMatchObject({ personal_sms_chat: null });
    const ownerChat = await call<{ id: number }>('POST', 'sms/chats/open', world.sessions.dispatcher, {
      owner_id: world.owner.id,
    });
    const afterOwner = await call<CallInfo>('GET', url, world.sessions.dispatcher);
    expect(afterOwner.body.owner).toMatchObject({ personal_sms_chat: ownerChat.body.id });
    const contactOf = async (entity: 'driver' | 'owner', id: number) => {
      const answer = await call<{ results: { id: number; personal_sms_chat: number | null }[] }>(
        'GET',
        `users/search/drivers?entity=${entity}`,
        world.sessions.dispatcher,
      );
      return answer.body.results.find((contact) => contact.id === id);
    };
    expect(await contactOf('driver', world.driver.id)).toMatchObject({
      personal_sms_chat: driverChat.body.id,
    });
    expect(await contactOf('owner', world.owner.id)).toMatchObject({ personal_sms_chat: ownerChat.body.id });
    expect(ownerChat.body.id).not.toBe(driverChat.body.id);
    // The search says the same; a broker and a colleague have no SMS chat of theirs.
    const found = await search(world.sessions.dispatcher, 'car');
    const chatsOf = found.body.results.map((entry) => [entry.full_name, entry.personal_sms_chat]);
    expect(chatsOf).toEqual([
      ['Carl Dunn', driverChat.body.id],
      ['Carl Quiet', null],
      [`Carla ${world.colleague.last_name}`, null],
      ['Carlisle Logistics', null],
    ]);
    const owners = await search(world.sessions.dispatcher, 'Olga');
    expect(owners.body.results[0]).toMatchObject({ kind: 'owner', personal_sms_chat: ownerChat.body.id });
    // Another company's manager never sees them.
    const elsewhere = await search(world.other.session, 'car');
    expect(elsewhere.body.results.every((entry) => entry.personal_sms_chat === null)).toBe(true);
  });
});

describe('calls through the external call system', () => {
  it('without a click-to-call template a call is refused with its own code (the panel dials tel:)', async () => {
    const response = await call<{ code: string; detail: string }>(
      'POST',
      `telephony/make-call/${world.driver.id}`,
      world.sessions.dispatcher,
    );
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'call_system_not_configured',
      detail: TELEPHONY_MESSAGES.callSystemNotConfigured,
    });
    const direct = await call<{ code: string }>(
      'POST',
      'telephony/make-direct-call',
      world.sessions.dispatcher,
      {
        phone_number: '555 300 1000',
        full_name: 'Carlisle Logistics',
      },
    );
    expect(direct.body.code).toBe('call_system_not_configured');
  });

  it('a manager saves the templates; a bad one is refused naming the field and changes nothing', async () => {
    const bad = await call<{ fields: Record<string, string[]> }>(
      'PUT',
      'company/my/telephony/update',
      world.sessions.manager,
      { ...TEMPLATES, call_url_template: 'https://pbx.example.com/call' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.call_url_template).toEqual([TELEPHONY_MESSAGES.templatePhoneMissing]);
    const unchanged = await call<TelephonySettings>('GET', 'company/my/telephony', world.sessions.manager);
    expect(unchanged.body).toEqual({
      call_system: 'RingCentral',
      call_url_template: null,
      sms_url_template: null,
    });
    expect(
      (await call('PUT', 'company/my/telephony/update', world.sessions.dispatcher, TEMPLATES)).status,
    ).toBe(403);
    const recorder = recordEvents(testApp.bus);
    const saved = await call<TelephonySettings>(
      'PUT',
      'company/my/telephony/update',
      world.sessions.manager,
      TEMPLATES,
    );
    recorder.stop();
    expect(saved.body).toEqual({ call_system: 'RingCentral', ...TEMPLATES });
    // Colleagues' open telephony panels take the templates at once.
    expect(recorder.events).toEqual([
      { event: 'update_company', companyId: world.company.id, data: { id: world.company.id } },
    ]);
  });

  it('answers the call window address from the stored number, even to a dispatcher who may not see it', async () => {
    const info = await call<CallInfo>(
      'GET',
      `telephony/user-phone-data/${world.driver.id}`,
      world.sessions.dispatcher,
    );
    expect(info.body.call_system).toBe('RingCentral');
    const response = await call<ContactUrls>(
      'POST',
      `telephony/make-call/${world.driver.id}`,
      world.sessions.dispatcher,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      call_url: 'https://app.ringcentral.com/r/call?number=5551002000&name=Carl%20Dunn',
      chat_url: 'https://app.ringcentral.com/r/sms?number=5551002000',
    });
    const broker = await call<ContactUrls>(
      'POST',
      `telephony/make-call/${world.brokerId}?kind=broker`,
      world.sessions.tracker,
    );
    expect(broker.body.call_url).toBe(
      'https://app.ringcentral.com/r/call?number=5553001000&name=Carlisle%20Logistics',
    );
    const colleague = await call<{ code: string; detail: string }>(
      'POST',
      `telephony/make-call/${world.colleague.id}?kind=user`,
      world.sessions.dispatcher,
    );
    expect(colleague.body).toMatchObject({
      code: 'contact_has_no_phone',
      detail: TELEPHONY_MESSAGES.contactHasNoPhone,
    });
    expect(colleague.status).toBe(409);
  });

  it("answers a direct call's addresses for a keypad number, refuses a bad number and another company's people", async () => {
    const direct = await call<ContactUrls>('POST', 'telephony/make-direct-call', world.sessions.dispatcher, {
      phone_number: '*72#',
      full_name: 'Voicemail',
    });
    expect(direct.body.call_url).toBe('https://app.ringcentral.com/r/call?number=*72%23&name=Voicemail');
    const bad = await call<{ fields: Record<string, string[]> }>(
      'POST',
      'telephony/make-direct-call',
      world.sessions.dispatcher,
      { phone_number: 'call me', full_name: 'X' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.phone_number).toEqual([TELEPHONY_MESSAGES.dialStringInvalid]);
    const elsewhere = await call(
      'POST',
      `telephony/make-call/${world.other.driverId}`,
      world.sessions.manager,
    );
    expect(elsewhere.status).toBe(404);
    const silent = await call<{ code: string }>(
      'POST',
      `telephony/make-call/${world.silent.id}`,
      world.sessions.manager,
    );
    expect(silent.body.code).toBe('contact_has_no_phone');
  });
});
