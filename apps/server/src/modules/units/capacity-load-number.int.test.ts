import { capacitySearchResponseSchema, type CapacitySearchResponse } from '@app/domain/units/units.schema';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, insertVehicle } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { API, createFleetWorld, currentAt, PLACES } from './vehicles.fixtures';

// The capacity search's load field takes the number users see (GET cars/capacity-search?load_number):
// '000300' or '300' is the load numbered 000300, not the load whose id is 300, and the answer names the
// load it found by both numbers.

const { database, testApp, world } = setUpTestApp(createFleetWorld);

async function freshCarrier(): Promise<{ companyId: number; session: Session }> {
  const company = await createCompany(database.db);
  const dispatcher = await createUser(database.db, { companyId: company.id, role: 5 });
  return { companyId: company.id, session: await login(testApp.app, dispatcher.email, dispatcher.password) };
}

function get(query: string, session: Session) {
  return testApp.app.inject({
    method: 'GET',
    url: `${API}/cars/capacity-search?${query}`,
    headers: session.headers,
  });
}

async function search(query: string, session: Session): Promise<CapacitySearchResponse> {
  const response = await get(query, session);
  expect(response.statusCode, response.body).toBe(200);
  return capacitySearchResponseSchema.parse(response.json());
}

/** A load with its pick-up at a place, answering its id. */
async function loadAt(
  companyId: number,
  place: (typeof PLACES)[keyof typeof PLACES],
  accountingNumber: number | null,
) {
  const id = await insertLoad(database.db, companyId, { accountingNumber });
  await database.db
    .updateTable('load_points')
    .set({ address: place.address, lat: place.lat, lon: place.lon })
    .where('load_id', '=', id)
    .execute();
  return id;
}

describe('GET cars/capacity-search?load_number', () => {
  it('searches from the load with that accounting number, padded or not, before the load with that id', async () => {
    const carrier = await freshCarrier();
    await insertVehicle(database.db, carrier.companyId, { ...currentAt(PLACES.joliet) });
    // The first load's id is the second load's accounting number.
    const byId = await loadAt(carrier.companyId, PLACES.dallas, 900_002);
    const numbered = await loadAt(carrier.companyId, PLACES.chicago, byId);

    for (const typed of [String(byId), `0${byId}`]) {
      const answer = await search(`load_number=${typed}`, carrier.session);
      expect(answer.load).toEqual({ id: numbered, load_accounting_number: byId });
      expect(answer.origin.address).toBe(PLACES.chicago.address);
    }
  });

  it('takes an unpadded number as the id when no load has it as its accounting number', async () => {
    const carrier = await freshCarrier();
    const unnumbered = await loadAt(carrier.companyId, PLACES.dallas, null);
    const answer = await search(`load_number=${unnumbered}`, carrier.session);
    expect(answer.load).toEqual({ id: unnumbered, load_accounting_number: null });
    expect((await get(`load_number=00${unnumbered}`, carrier.session)).statusCode).toBe(404);
  });

  it("answers 404 for another company's load and 400 for text that is no load number", async () => {
    const carrier = await freshCarrier();
    const theirs = await loadAt(world.other.company.id, PLACES.dallas, 900_003);
    expect((await get(`load_number=900003`, carrier.session)).statusCode).toBe(404);
    expect((await get(`load_number=${theirs}`, carrier.session)).statusCode).toBe(404);
    const bad = await get('load_number=abc', carrier.session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string[]> }>().fields.load_number).toEqual([
      "Must be a load's number, e.g. 000301",
    ]);
    const both = await get(`load_number=1&load_id=1`, carrier.session);
    expect(both.statusCode).toBe(400);
  });
});
