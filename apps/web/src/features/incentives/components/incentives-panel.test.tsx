import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch } from '@/test/render-app';
import {
  API,
  CREATE,
  LIST,
  LOAD_ID,
  makeIncentive,
  makeLoadIncentives,
  TEMPLATES,
  TEMPLATE_LIST,
  TWO_INCENTIVES,
} from '../incentives-test-data';
import { IncentivesPanel } from './incentives-panel';

function renderPanel() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <IncentivesPanel loadId={LOAD_ID} />
    </AppProviders>,
  );
}

const panel = async () => within(await screen.findByRole('region', { name: 'Incentives' }));

describe('the incentives panel of a load', () => {
  it("lists the load's bonuses and fines with whose they are, who gave them, when, and the sums", async () => {
    fakeFetch({ [`GET ${LIST}`]: TWO_INCENTIVES });
    renderPanel();
    const view = await panel();
    const bonus = await view.findByRole('listitem', { name: 'Bonus +$150.00 Driver Dan Wheeler' });
    expect(within(bonus).getByText('(paid through Olga Vehicle)')).toBeTruthy();
    expect(within(bonus).getByText('Early delivery')).toBeTruthy();
    // Who and when, in Eastern time.
    expect(within(bonus).getByText('Ann Accountant · 10:30am 11/20/2026')).toBeTruthy();
    const fine = view.getByRole('listitem', { name: 'Fine −$25.00 Dispatcher Dina Dispatch' });
    expect(within(fine).getByText('Missed check call')).toBeTruthy();
    expect(view.getByText('Bonuses $150.00 · Fines $25.00')).toBeTruthy();
    expect(view.queryByText(/week is closed/)).toBeNull();
  });

  it('says when the load has none, and when its week is closed', async () => {
    fakeFetch({ [`GET ${LIST}`]: makeLoadIncentives([], true) });
    renderPanel();
    const view = await panel();
    expect(await view.findByText('No bonuses or fines on this load.')).toBeTruthy();
    expect(view.getByText(/This load's week is closed: its pay sheets were sent/)).toBeTruthy();
  });

  it('adds a fine from a template, sent once with an Idempotency-Key, and reads the list again', async () => {
    const user = userEvent.setup();
    const made = makeIncentive({
      id: 9,
      type: 'Fine',
      person_type: 'owner',
      person: { id: 4, name: 'Olga Vehicle' },
      amount: 75,
      reason: 'Delivered late',
      template_id: 5,
    });
    const { fetch, callsTo } = fakeFetch({
      [`GET ${LIST}`]: () =>
        callsTo('POST', CREATE).length ? makeLoadIncentives([made]) : makeLoadIncentives([]),
      [`GET ${TEMPLATES}`]: TEMPLATE_LIST,
      [`POST ${CREATE}`]: made,
    });
    renderPanel();
    const view = await panel();
    await user.click(await view.findByRole('button', { name: 'Add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bonus or fine' }));
    await user.click(await dialog.findByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Late delivery — Fine $75.00' }));
    expect(dialog.getByRole('radio', { name: 'Fine' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('radio', { name: 'Owner' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '75.00');
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveProperty('value', 'Delivered late');
    await user.click(dialog.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', CREATE).map((call) => call.body)).toEqual([
      { type: 'Fine', person_type: 'owner', amount: '75.00', reason: 'Delivered late', template_id: 5 },
    ]);
    const init = fetch.mock.calls.find(([url]) => url === CREATE)?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await view.findByRole('listitem', { name: 'Fine −$75.00 Owner Olga Vehicle' })).toBeTruthy();
  });

  it("checks a typed incentive before sending it, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeFetch({
      [`GET ${LIST}`]: makeLoadIncentives([]),
      [`GET ${TEMPLATES}`]: { count: 0, results: [] },
      [`POST ${CREATE}`]: new FakeAnswer(409, {
        detail: 'The load has no owner: neither its vehicle nor its driver has one.',
        code: 'load_without_owner',
        fields: { person_type: ['The load has no owner: neither its vehicle nor its driver has one.'] },
      }),
    });
    renderPanel();
    await user.click(await (await panel()).findByRole('button', { name: 'Add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bonus or fine' }));
    expect(
      await dialog.findByText('No templates yet: type it by hand, or make one under Templates.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(dialog.getByText('Enter the amount')).toBeTruthy();
    expect(dialog.getByText('Write the reason')).toBeTruthy();
    expect(callsTo('POST', CREATE)).toHaveLength(0);

    await user.click(dialog.getByRole('radio', { name: 'Owner' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount' }), '0');
    expect(dialog.getByText('Must be more than $0.00')).toBeTruthy();
    await user.clear(dialog.getByRole('textbox', { name: 'Amount' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount' }), '$1,200.50');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Safety bonus');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(
      (await dialog.findAllByText('The load has no owner: neither its vehicle nor its driver has one.'))
        .length,
    ).toBeGreaterThan(0);
    expect(callsTo('POST', CREATE)[0]?.body).toMatchObject({ person_type: 'owner', amount: '$1,200.50' });
    // The dialog stays open with what was typed.
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveProperty('value', 'Safety bonus');
  });

  it('deletes an incentive only after the question is answered', async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeFetch({
      [`GET ${LIST}`]: TWO_INCENTIVES,
      [`DELETE ${API}/incentives/2`]: { detail: 'The incentive was removed.' },
    });
    renderPanel();
    const view = await panel();
    const fine = await view.findByRole('listitem', { name: 'Fine −$25.00 Dispatcher Dina Dispatch' });
    await user.click(within(fine).getByRole('button', { name: 'Delete incentive' }));
    const question = within(await screen.findByRole('dialog', { name: 'Delete this incentive?' }));
    expect(
      question.getByText('Fine of $25.00 for Dispatcher Dina Dispatch: it is taken out of their pay.'),
    ).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', `${API}/incentives/2`)).toHaveLength(0);

    await user.click(within(fine).getByRole('button', { name: 'Delete incentive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `${API}/incentives/2`)).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET', LIST).length).toBeGreaterThan(1));
  });

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    fakeFetch({ [`GET ${LIST}`]: TWO_INCENTIVES });
    renderPanel();
    const view = within(await screen.findByRole('region', { name: 'Бонусы и штрафы' }));
    expect(await view.findByRole('listitem', { name: 'Бонус +$150.00 Водитель Dan Wheeler' })).toBeTruthy();
    expect(view.getByText('Бонусы $150.00 · Штрафы $25.00')).toBeTruthy();
  });
});
