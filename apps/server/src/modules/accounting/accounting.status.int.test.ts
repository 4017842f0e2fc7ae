import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { createAccountingWorld, insertAccountingLoad, V2 } from './accounting.fixtures';

// PUT loads/{id}/update-accounting-status: the documents rule and its override (kept in the load's history),
// the load completed with its accounting status (8 -> 10, 9 -> 11), the other statuses, refusals that change
// nothing, roles and another company's load.

const suite = setUpTestApp(createAccountingWorld);
const { testApp, world } = suite;
const recorded = recordEventsOfEachTest(testApp);

const update = (id: number, session: Session, payload: object) =>
  testApp.app.inject({
    method: 'PUT',
    url: `${V2}/loads/${id}/update-accounting-status`,
    headers: session.headers,
    payload,
  });

const loadState = (id: number) =>
  suite.database.db
    .selectFrom('loads')
    .select(['status', 'accounting_status', 'completed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const newLoad = async (options: Parameters<typeof insertAccountingLoad>[2] = {}) =>
  (
    await insertAccountingLoad(suite.database.db, world.company.id, {
      dispatcherId: world.users.dispatcher.id,
      brokerId: world.brokers[0]!.id,
      payment: {},
      ...options,
    })
  ).loadId;

describe('reaching Completed', () => {
  it('needs the rate confirmation and proof of delivery, names the missing ones and changes nothing', async () => {
    const id = await newLoad({ files: ['rate_confirmation', 'bill_of_lading'] });
    const response = await update(id, world.sessions.accountant, { accounting_status: 8 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'documents_required',
      detail: 'Next documents needs to be uploaded before status changing',
      fields: { missing_documents: ['proof_of_delivery'] },
    });
    expect(await loadState(id)).toMatchObject({ status: 8, accounting_status: 1, completed_at: null });
    expect(recorded.events).toEqual([]);
  });

  it('completes a delivered load with its documents: 8 -> 10, in the income completed list', async () => {
    const id = await newLoad({ files: ['rate_confirmation', 'proof_of_delivery'] });
    const response = await update(id, world.sessions.accountant, { accounting_status: 8 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<IncomeDetail>();
    expect(body).toMatchObject({ status: 10, accounting_status: 8, income_list: 'completed' });
    expect(body.history.slice(-2)).toEqual([
      expect.objectContaining({ action: 'status', field: 'status', before: 8, after: 10 }),
      expect.objectContaining({ action: 'status', field: 'accounting_status', before: 1, after: 8 }),
    ]);
    expect((await loadState(id)).completed_at).not.toBeNull();
    const names = recorded.events.map((event) => event.event);
    expect(names).toEqual(
      expect.arrayContaining(['load_status_change', 'update_loads', 'update_accounting']),
    );
  });

  it('completes a TONU as TONU: 9 -> 11', async () => {
    const id = await newLoad({
      status: 9,
      accountingStatus: 7,
      files: ['rate_confirmation', 'proof_of_delivery'],
    });
    const response = await update(id, world.sessions.manager, { accounting_status: 8 });
    expect(response.statusCode).toBe(200);
    expect(await loadState(id)).toMatchObject({ status: 11, accounting_status: 8 });
  });

  it("lets the accountant's override through, written to the load's history with the documents it skipped", async () => {
    const id = await newLoad({ files: [] });
    const response = await update(id, world.sessions.accountant, { accounting_status: 8, override: true });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<IncomeDetail>().history;
    expect(history.at(-1)).toMatchObject({
      action: 'status',
      field: 'documents_override',
      before: null,
      after: ['rate_confirmation', 'proof_of_delivery'],
      user: { id: world.users.accountant.id },
    });
    expect(await loadState(id)).toMatchObject({ status: 10, accounting_status: 8 });
  });
});

describe('the other accounting statuses', () => {
  it('move without documents and leave the load in its list; a completed load reopens in income active', async () => {
    const id = await newLoad({ files: [] });
    const response = await update(id, world.sessions.accountant, { accounting_status: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 8,
      accounting_status: 3,
      accounting_status_name: 'Sent to factoring',
    });
    const completed = await newLoad({ status: 10 });
    const reopened = await update(completed, world.sessions.accountant, { accounting_status: 6 });
    expect(reopened.json()).toMatchObject({ status: 10, accounting_status: 6, income_list: 'active' });
  });

  it('refuse 9 (the canceled class) and bad input, naming the field and changing nothing', async () => {
    const id = await newLoad();
    const cases: [object, string][] = [
      [{ accounting_status: 9 }, 'A load is canceled with its cancel action, not by its accounting status'],
      [{ accounting_status: 0 }, 'Choose an accounting status from 1 to 8'],
      [{}, 'Choose an accounting status from 1 to 8'],
    ];
    for (const [payload, message] of cases) {
      const response = await update(id, world.sessions.accountant, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: { accounting_status: [message] } });
    }
    const override = await update(id, world.sessions.accountant, { accounting_status: 8, override: 'yes' });
    expect(override.json()).toMatchObject({ fields: { override: ['Must be true or false'] } });
    expect(await loadState(id)).toMatchObject({ status: 8, accounting_status: 1 });
  });

  it('refuse a load outside accounting with load_not_in_accounting', async () => {
    const id = await insertLoad(suite.database.db, world.company.id, { status: 5 });
    const response = await update(id, world.sessions.accountant, { accounting_status: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'load_not_in_accounting',
      detail: 'Only a load in checkout or completed has an accounting status.',
    });
  });

  it("are for admins, managers and accountants; another company's load answers 404", async () => {
    const id = await newLoad();
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      expect((await update(id, world.sessions[role], { accounting_status: 2 })).statusCode).toBe(403);
    }
    expect((await update(id, world.sessions.admin, { accounting_status: 2 })).statusCode).toBe(200);
    const other = await update(world.other.loadId, world.sessions.accountant, { accounting_status: 2 });
    expect(other.statusCode).toBe(404);
    const untouched = await loadState(world.other.loadId);
    expect(untouched.accounting_status).toBe(1);
  });
});
