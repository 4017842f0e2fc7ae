import {
  INCENTIVE_MESSAGES,
  type Incentive,
  type IncentiveTemplate,
  type IncentiveTemplateList,
} from '@app/domain/accounting/incentives.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import {
  allIncentives,
  allTemplates,
  API,
  createIncentivesWorld,
  type RoleName,
} from './incentives.fixtures';

const { database, testApp, world } = setUpTestApp(createIncentivesWorld);
const recorder = recordEventsOfEachTest(testApp);

const inject = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url: `${API}${url}`, headers: session.headers, payload });
const as = (role: RoleName) => world.staff.sessions[role];

const late = {
  name: 'Late delivery',
  type: 'Fine',
  person_type: 'owner',
  amount: '$75',
  reason: 'Late delivery',
};
const clean = {
  name: 'Clean inspection',
  type: 'Bonus',
  person_type: 'driver',
  amount: 50,
  reason: 'Clean DOT',
};

async function createTemplate(body: object, session = as('accountant')): Promise<IncentiveTemplate> {
  const response = await inject(session, 'POST', '/templates/create', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IncentiveTemplate>();
}

beforeEach(async () => {
  await database.db.deleteFrom('incentives').execute();
  await database.db.deleteFrom('incentive_templates').execute();
});

describe('incentive templates', () => {
  it('are made, listed by name, changed and deleted by accountants, admins and managers', async () => {
    const fine = await createTemplate(late);
    expect(fine).toMatchObject({ name: 'Late delivery', type: 'Fine', person_type: 'owner', amount: 75 });
    await createTemplate(clean, as('admin'));
    await createTemplate({ ...clean, name: 'another bonus' }, as('manager'));

    const listed = (await inject(as('manager'), 'GET', '/templates/all')).json<IncentiveTemplateList>();
    expect(listed.count).toBe(3);
    expect(listed.results.map((item) => item.name)).toEqual([
      'another bonus',
      'Clean inspection',
      'Late delivery',
    ]);

    const changed = await inject(as('admin'), 'PUT', `/templates/${fine.id}`, { ...late, amount: '100.10' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<IncentiveTemplate>()).toMatchObject({ id: fine.id, amount: 100.1 });
    expect((await allTemplates(database.db)).find((row) => row.id === fine.id)?.amount_cents).toBe(10_010);

    const deleted = await inject(as('accountant'), 'DELETE', `/templates/${fine.id}`);
    expect(deleted.json()).toEqual({ detail: 'The template was deleted.' });
    expect((await allTemplates(database.db)).map((row) => row.name)).toEqual([
      'Clean inspection',
      'another bonus',
    ]);
    expect((await inject(as('accountant'), 'DELETE', `/templates/${fine.id}`)).statusCode).toBe(404);
  });

  it('refuse every other role with 403 and change nothing', async () => {
    const fine = await createTemplate(late);
    for (const role of ['dispatcher', 'tracker', 'hr', 'conflictManager'] as const) {
      expect((await inject(as(role), 'GET', '/templates/all')).statusCode, role).toBe(403);
      expect((await inject(as(role), 'POST', '/templates/create', clean)).statusCode, role).toBe(403);
      expect((await inject(as(role), 'PUT', `/templates/${fine.id}`, clean)).statusCode, role).toBe(403);
      expect((await inject(as(role), 'DELETE', `/templates/${fine.id}`)).statusCode, role).toBe(403);
    }
    expect(await allTemplates(database.db)).toHaveLength(1);
  });

  it("are the company's own: another company neither lists, changes nor deletes them", async () => {
    const fine = await createTemplate(late);
    const before = await allTemplates(database.db);
    expect((await inject(world.otherAdmin, 'GET', '/templates/all')).json()).toEqual({
      count: 0,
      results: [],
    });
    expect((await inject(world.otherAdmin, 'PUT', `/templates/${fine.id}`, clean)).statusCode).toBe(404);
    expect((await inject(world.otherAdmin, 'DELETE', `/templates/${fine.id}`)).statusCode).toBe(404);
    expect(await allTemplates(database.db)).toEqual(before);
    // The other company may use the same name.
    await createTemplate(late, world.otherAdmin);
  });

  it('keep a name once per company whatever its case, as a refusal naming the field', async () => {
    const fine = await createTemplate(late);
    const bonus = await createTemplate(clean);
    const taken = await inject(as('admin'), 'POST', '/templates/create', {
      ...clean,
      name: ' LATE DELIVERY ',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'incentive_template_name_taken',
      detail: 'An incentive template with this name already exists.',
      fields: { name: ['An incentive template with this name already exists.'] },
    });
    const renamed = await inject(as('admin'), 'PUT', `/templates/${bonus.id}`, {
      ...clean,
      name: 'late delivery',
    });
    expect(renamed.json()).toMatchObject({ code: 'incentive_template_name_taken' });
    // A template keeps its own name when other fields change.
    expect(
      (await inject(as('admin'), 'PUT', `/templates/${fine.id}`, { ...late, name: 'LATE delivery' }))
        .statusCode,
    ).toBe(200);
    expect((await allTemplates(database.db)).map((row) => row.name)).toEqual([
      'LATE delivery',
      'Clean inspection',
    ]);
  });

  it('refuse the second of two saves of one name at the same moment with the same refusal', async () => {
    const answers = await Promise.all(
      [as('accountant'), as('manager')].map((session) =>
        inject(session, 'POST', '/templates/create', { ...clean, name: 'Fuel saver' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      code: 'incentive_template_name_taken',
    });
    expect(await allTemplates(database.db)).toHaveLength(1);
  });

  it('answer 400 naming the field for bad input, and change nothing', async () => {
    const fine = await createTemplate(late);
    const before = await allTemplates(database.db);
    const cases: [object, string, string][] = [
      [{ ...late, name: ' ' }, 'name', INCENTIVE_MESSAGES.nameRequired],
      [{ ...late, name: 'n'.repeat(101) }, 'name', 'Must have at most 100 characters'],
      [{ ...late, type: 'Penalty' }, 'type', INCENTIVE_MESSAGES.typeInvalid],
      [{ ...late, person_type: 'team' }, 'person_type', INCENTIVE_MESSAGES.personTypeInvalid],
      [{ ...late, amount: 0 }, 'amount', INCENTIVE_MESSAGES.amountNotPositive],
      [{ ...late, reason: '' }, 'reason', INCENTIVE_MESSAGES.reasonRequired],
    ];
    for (const [payload, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/templates/create'],
        ['PUT', `/templates/${fine.id}`],
      ] as const) {
        const response = await inject(as('accountant'), method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_error', fields: { [field]: [message] } });
      }
    }
    expect(await allTemplates(database.db)).toEqual(before);
  });

  it('publish update_incentives naming the template after each change', async () => {
    const fine = await createTemplate(late);
    await inject(as('accountant'), 'PUT', `/templates/${fine.id}`, late);
    await inject(as('accountant'), 'DELETE', `/templates/${fine.id}`);
    expect(recorder.events.map((event) => [event.event, event.data, event.roles])).toEqual(
      Array.from({ length: 3 }, () => [
        'update_incentives',
        { load_ids: [], template_ids: [fine.id] },
        [3, 4, 7],
      ]),
    );
  });

  it('fill an incentive that remembers them; deleting the template leaves the incentive as it is', async () => {
    const fine = await createTemplate(late);
    const made = await inject(as('accountant'), 'POST', `/incentives/loads/${world.loads.full}/create`, {
      type: fine.type,
      person_type: fine.person_type,
      amount: fine.amount,
      reason: fine.reason,
      template_id: fine.id,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<Incentive>()).toMatchObject({ template_id: fine.id, amount: 75, type: 'Fine' });
    await inject(as('accountant'), 'DELETE', `/templates/${fine.id}`);
    expect(await allIncentives(database.db)).toMatchObject([{ template_id: fine.id, amount_cents: 7_500 }]);
  });
});
