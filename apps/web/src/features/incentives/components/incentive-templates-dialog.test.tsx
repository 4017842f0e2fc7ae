import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch } from '@/test/render-app';
import { API, CREATE_TEMPLATE, makeTemplate, TEMPLATES, TEMPLATE_LIST } from '../incentives-test-data';
import { IncentiveTemplatesButton } from './incentive-templates-dialog';

async function openTemplates() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <IncentiveTemplatesButton />
    </AppProviders>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
  return within(await screen.findByRole('dialog', { name: 'Incentive templates' }));
}

describe('the incentive templates', () => {
  it('are listed by name with their type, person, amount and reason', async () => {
    fakeFetch({ [`GET ${TEMPLATES}`]: TEMPLATE_LIST });
    const dialog = await openTemplates();
    const rows = await dialog.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Template nameBonus or fineForAmountReason',
      'Clean inspectionBonusDriver$50.00Clean DOT',
      'Late deliveryFineOwner$75.00Delivered late',
    ]);
  });

  it('are made with the values typed, and a name already used is refused beside the name', async () => {
    const user = userEvent.setup();
    let answer: unknown = new FakeAnswer(409, {
      detail: 'An incentive template with this name already exists.',
      code: 'incentive_template_name_taken',
      fields: { name: ['An incentive template with this name already exists.'] },
    });
    const { callsTo } = fakeFetch({
      [`GET ${TEMPLATES}`]: { count: 0, results: [] },
      [`POST ${CREATE_TEMPLATE}`]: () => answer,
    });
    const dialog = await openTemplates();
    expect(await dialog.findByText('No templates yet.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'New template' }));
    const form = within(await screen.findByRole('dialog', { name: 'New template' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByText('Name the template')).toBeTruthy();
    expect(callsTo('POST', CREATE_TEMPLATE)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Template name' }), 'Late delivery');
    await user.click(form.getByRole('radio', { name: 'Fine' }));
    await user.click(form.getByRole('radio', { name: 'Dispatcher' }));
    await user.type(form.getByRole('textbox', { name: 'Amount' }), '40');
    await user.type(form.getByRole('textbox', { name: 'Reason' }), 'Late check call');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const name = form.getByRole('textbox', { name: 'Template name' });
    expect(
      await within(name.closest('.MuiFormControl-root') as HTMLElement).findByText(
        'An incentive template with this name already exists.',
      ),
    ).toBeTruthy();

    answer = makeTemplate({ name: 'Late delivery', person_type: 'dispatcher', amount: 40 });
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New template' })).toBeNull());
    expect(callsTo('POST', CREATE_TEMPLATE).at(-1)?.body).toEqual({
      name: 'Late delivery',
      type: 'Fine',
      person_type: 'dispatcher',
      amount: '40',
      reason: 'Late check call',
    });
    await waitFor(() => expect(callsTo('GET', TEMPLATES).length).toBeGreaterThan(1));
  });

  it('are changed whole, and deleted only after the question is answered', async () => {
    const user = userEvent.setup();
    const { callsTo } = fakeFetch({
      [`GET ${TEMPLATES}`]: TEMPLATE_LIST,
      [`PUT ${API}/templates/5`]: makeTemplate({ amount: 80 }),
      [`DELETE ${API}/templates/6`]: { detail: 'The template was deleted.' },
    });
    const dialog = await openTemplates();
    await user.click(await dialog.findByRole('button', { name: 'Edit Late delivery' }));
    const form = within(await screen.findByRole('dialog', { name: 'Template Late delivery' }));
    const amount = form.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveProperty('value', '75.00');
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('PUT', `${API}/templates/5`)[0]?.body).toEqual({
        name: 'Late delivery',
        type: 'Fine',
        person_type: 'owner',
        amount: '80',
        reason: 'Delivered late',
      }),
    );

    await user.click(dialog.getByRole('button', { name: 'Delete Clean inspection' }));
    const question = within(await screen.findByRole('dialog', { name: 'Delete this template?' }));
    expect(question.getByText(/The template Clean inspection is deleted/)).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', `${API}/templates/6`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete Clean inspection' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE', `${API}/templates/6`)).toHaveLength(1));
  });
});
