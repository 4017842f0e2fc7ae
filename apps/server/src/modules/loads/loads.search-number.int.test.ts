import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad, LOADS_API } from './loads.fixtures';

// A load has an id (in links) and an accounting number (what the lists show, padded: '000301'). The search
// box takes the number users see, padded or not, before the id: '300' must not silently find the load
// whose id is 300 when another load is numbered 000300.

const { database, testApp } = setUpTestApp();

async function searchIds(headers: Record<string, string>, text: string): Promise<number[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADS_API}/active?search=${encodeURIComponent(text)}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoadListResponse>().results.map((load) => load.id);
}

describe('GET loads/{list}?search= with a load number', () => {
  it('finds the load with that accounting number, padded or not, and not the load with that id', async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const { headers } = await login(testApp.app, admin.email, admin.password);
    // Load A's id is the accounting number of load B.
    const a = await insertLoad(database.db, company.id, { accountingNumber: 900_001 });
    const b = await insertLoad(database.db, company.id, { accountingNumber: a });

    expect(await searchIds(headers, String(a))).toEqual([b]);
    expect(await searchIds(headers, `0${a}`)).toEqual([b]);
    expect(await searchIds(headers, '900001')).toEqual([a]);
  });

  it('finds a load by its id when no load has that accounting number, but never by a padded id', async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, { companyId: company.id, role: 3 });
    const { headers } = await login(testApp.app, admin.email, admin.password);
    const unnumbered = await insertLoad(database.db, company.id);

    expect(await searchIds(headers, String(unnumbered))).toEqual([unnumbered]);
    expect(await searchIds(headers, `00${unnumbered}`)).toEqual([]);
  });
});
