import type { Load, LoadDetail, LoadFile } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { recordEvents, setUpTestApp } from '../../../test/test-suite';
import { apiCreateLoad, bookedBody, createWorld, insertLoad, LOADS_API, multipart } from './loads.fixtures';

// The older calls of the business-areas document answer as their v2 twins do (legacy.routes.ts): the same
// changes, answers, refusals and company scope.

const { database, testApp, world } = setUpTestApp(createWorld);

const V1 = '/backend/api';

async function activeLoad(): Promise<LoadDetail> {
  const id = await apiCreateLoad(testApp.app, world.sessions.dispatcher, bookedBody(world));
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active/${id}`,
    headers: world.sessions.dispatcher.headers,
  });
  return response.json<LoadDetail>();
}

/** The active load's form as PUT loads/active/{id}/edit takes it. */
function editBody(load: LoadDetail, changes: Record<string, unknown> = {}) {
  return {
    accounting_broker_company: world.brokers[0]!.id,
    broker_name: load.broker_name,
    broker_phone: load.broker_phone,
    reply_email: load.reply_email,
    rateconf_ref: load.rateconf_ref,
    pays: load.pays,
    weight: load.weight,
    pieces: load.pieces,
    length: load.length,
    width: load.width,
    height: load.height,
    car: load.vehicle_type,
    note: load.note,
    dock_level: load.dock_level,
    isDanger: load.isDanger,
    isUrgent: load.isUrgent,
    isCanPutOnTop: load.isCanPutOnTop,
    equipment: load.equipment,
    pick_up_datetime: load.pick_up_datetime,
    delivery_datetime: load.delivery_datetime,
    points: load.points.map((point) => ({
      id: point.id,
      address: point.address,
      city: point.city,
      state: point.state,
      zip_code: point.zip_code,
      country: point.country,
      lat: point.lat,
      lon: point.lon,
      date: point.date,
      order: point.order,
      type: point.type,
      is_active: point.is_active,
    })),
    ...changes,
  };
}

const put = (url: string, payload: object, headers = world.sessions.dispatcher.headers) =>
  testApp.app.inject({ method: 'PUT', url, headers, payload });

describe('PUT /backend/api/loads/{id}/ and PUT /backend/api/loads/update', () => {
  it('save the load form of an active load as PUT loads/active/{id}/edit does', async () => {
    const load = await activeLoad();
    const recorder = recordEvents(testApp.bus);
    const byPath = await put(`${V1}/loads/${load.id}/`, editBody(load, { note: 'Dock 4, call ahead' }));
    recorder.stop();
    expect(byPath.statusCode, byPath.body).toBe(200);
    expect(byPath.json<Load>()).toMatchObject({ id: load.id, note: 'Dock 4, call ahead' });
    expect(recorder.events).toContainEqual(
      expect.objectContaining({
        event: 'update_loads',
        data: expect.objectContaining({ ids: [load.id] }) as unknown,
      }),
    );

    const byBody = await put(`${V1}/loads/update`, { ...editBody(load, { note: 'Gate B' }), id: load.id });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json<Load>()).toMatchObject({ id: load.id, note: 'Gate B' });
    const row = await database.db
      .selectFrom('loads')
      .select('note')
      .where('id', '=', load.id)
      .executeTakeFirstOrThrow();
    expect(row.note).toBe('Gate B');
  });

  it('refuse as the twin does: 400 naming the field, 403 for a role, 404 for another company', async () => {
    const load = await activeLoad();
    const bad = await put(`${V1}/loads/${load.id}/`, editBody(load, { rateconf_ref: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { rateconf_ref: ['This field is required'] } });
    const noId = await put(`${V1}/loads/update`, editBody(load));
    expect(noId.statusCode).toBe(400);
    expect(Object.keys(noId.json<{ fields: object }>().fields)).toContain('id');
    expect(
      (await put(`${V1}/loads/${load.id}/`, editBody(load), world.sessions.tracker.headers)).statusCode,
    ).toBe(403);

    const other = await createCompany(database.db);
    const stranger = await createUser(database.db, { companyId: other.id, role: 3 });
    const session = await login(testApp.app, stranger.email, stranger.password);
    expect((await put(`${V1}/loads/${load.id}/`, editBody(load), session.headers)).statusCode).toBe(404);
    expect(
      (await put(`${V1}/loads/update`, { ...editBody(load), id: load.id }, session.headers)).statusCode,
    ).toBe(404);
  });
});

describe('GET /backend/api/load-feature-statuses/', () => {
  it('answers the equipment flags with their names, as GET statuses/load-features', async () => {
    const v1 = await testApp.app.inject({
      method: 'GET',
      url: `${V1}/load-feature-statuses/`,
      headers: world.sessions.tracker.headers,
    });
    expect(v1.statusCode, v1.body).toBe(200);
    const flags = v1.json<{ id: string; name: string }[]>();
    expect(flags.map((flag) => `${flag.id} ${flag.name}`)).toEqual([
      'ppe PPE',
      'straps Straps',
      'dolly Dolly',
      'bulkhead Bulkhead',
      'temp_control Temp Control',
      'air_ride Air Ride',
      'liftgate Lift-gate',
      'pallet_jack Pallet Jack',
      'tent Tent',
      'side_loading Side-loading',
      'load_bars Load bars',
      'e_tracks E-tracks',
    ]);
    const v2 = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/v2/statuses/load-features',
      headers: world.sessions.tracker.headers,
    });
    expect(v2.json()).toEqual(flags);
    expect(
      (await testApp.app.inject({ method: 'GET', url: `${V1}/load-feature-statuses/` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /backend/api/upload/ and DELETE /backend/api/files/{id}/', () => {
  it('add and remove a document of a load as PUT loads/active/{id}/upload-file and DELETE loads/files/{id}/delete', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const form = multipart({ load: String(id), file_type: 'bill_of_lading' }, [
      ['file', 'bol.pdf', 'application/pdf', Buffer.from('%PDF-1.4 bol')],
    ]);
    const uploaded = await testApp.app.inject({
      method: 'PUT',
      url: `${V1}/upload/`,
      headers: { ...world.sessions.dispatcher.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<LoadFile>();
    expect(file).toMatchObject({ file_type: 'bill_of_lading', name: 'bol.pdf', size: 12 });
    const stored = await database.db
      .selectFrom('load_files')
      .select('load_id')
      .where('id', '=', file.id)
      .execute();
    expect(stored).toEqual([{ load_id: id }]);

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `${V1}/files/${file.id}/`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ detail: expect.any(String) as string });
    expect(
      await database.db.selectFrom('load_files').select('id').where('id', '=', file.id).execute(),
    ).toEqual([]);
  });

  it('refuse as the twins do: no load named, another company, a missing file', async () => {
    const id = await insertLoad(database.db, world.company.id, { status: 2 });
    const withoutLoad = multipart({ file_type: 'other' }, [
      ['file', 'a.pdf', 'application/pdf', Buffer.from('%PDF')],
    ]);
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: `${V1}/upload/`,
      headers: { ...world.sessions.dispatcher.headers, ...withoutLoad.headers },
      payload: withoutLoad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fields: object }>().fields)).toContain('load');

    const other = await createCompany(database.db);
    const theirs = await insertLoad(database.db, other.id, { status: 2 });
    const toTheirs = multipart({ load: String(theirs), file_type: 'other' }, [
      ['file', 'a.pdf', 'application/pdf', Buffer.from('%PDF')],
    ]);
    const notFound = await testApp.app.inject({
      method: 'PUT',
      url: `${V1}/upload/`,
      headers: { ...world.sessions.dispatcher.headers, ...toTheirs.headers },
      payload: toTheirs.payload,
    });
    expect(notFound.statusCode).toBe(404);
    expect(
      (await database.db.selectFrom('load_files').select('id').where('load_id', 'in', [id, theirs]).execute())
        .length,
    ).toBe(0);
    const missing = await testApp.app.inject({
      method: 'DELETE',
      url: `${V1}/files/999999999/`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
