import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PropositionSettings } from '@app/domain/company/proposition-settings.schema';
import { fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';
import { makeCompanySettings } from '../company-settings-test-data';

const MY = '/backend/api/v2/company/my';
const SECTION = '/backend/api/v2/company/my/propositions';
const UPDATE = '/backend/api/v2/company/my/propositions/update';
const USERS_MY = '/backend/api/users/my/';

const SETTINGS = makeCompanySettings();

const SAVED: PropositionSettings = {
  proposition_template: 'Rate {brokerPrice}',
  proposition_template_is_default: false,
  default_proposition_template: 'Default {brokerPrice}',
  placeholders: ['brokerPrice', 'arrival'],
  smtp_host: 'smtp.carrier.test',
  smtp_port: 587,
  smtp_secure: false,
  smtp_user: 'dispatch@carrier.test',
  smtp_from: 'Dispatch <dispatch@carrier.test>',
  smtp_password_set: true,
};

const section = async () =>
  within((await screen.findByText('Propositions to brokers')).closest('fieldset') as HTMLElement);

describe('the proposition section of the company settings page', () => {
  it('keeps the saved password when the field is left empty, and inserts placeholders at the cursor', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
      [`GET ${MY}`]: SETTINGS,
      [`GET ${SECTION}`]: SAVED,
      [`PUT ${UPDATE}`]: { ...SAVED, proposition_template: 'Rate {brokerPrice}{arrival}' },
    });
    renderApp('/settings/company/');
    const card = await section();
    const template = await card.findByLabelText('Template');
    expect((template as HTMLTextAreaElement).value).toBe('Rate {brokerPrice}');
    expect(card.getByPlaceholderText('Saved: leave empty to keep it')).toBeTruthy();

    await userEvent.click(template);
    await userEvent.click(card.getByText('{arrival}'));
    expect((template as HTMLTextAreaElement).value).toBe('Rate {brokerPrice}{arrival}');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));

    const [put] = callsTo('PUT', UPDATE);
    expect(put?.body).toMatchObject({
      proposition_template: 'Rate {brokerPrice}{arrival}',
      smtp_port: '587',
    });
    expect(put?.body).not.toHaveProperty('smtp_password');
  });

  it('shows the rule a template breaks and sends nothing', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 3 }),
      [`GET ${MY}`]: SETTINGS,
      [`GET ${SECTION}`]: SAVED,
    });
    renderApp('/settings/company/');
    const card = await section();
    const template = await card.findByLabelText('Template');
    await userEvent.clear(template);
    await userEvent.type(template, 'Hi {{price}');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Unknown placeholder {price}')).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);
  });
});
