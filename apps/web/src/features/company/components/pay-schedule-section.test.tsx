import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanySettings } from '@app/domain/company/company.schema';
import { fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';
import { makeCompanySettings } from '../company-settings-test-data';

const MY = '/backend/api/v2/company/my';
const UPDATE = '/backend/api/v2/company/my/update';
const USERS_MY = '/backend/api/users/my/';

const section = async (title = 'Accounting') =>
  within((await screen.findByText(title, { selector: 'legend' })).closest('fieldset') as HTMLElement);

function serve(settings: CompanySettings, lang: 'en' | 'ru' = 'en') {
  return fakeFetch({
    [`GET ${USERS_MY}`]: makeUser({ role: 4, lang }),
    [`GET ${MY}`]: settings,
    [`PUT ${UPDATE}`]: ({ body }: { body: unknown }) => ({ ...settings, ...(body as object) }),
  });
}

describe('the accounting section of the company settings', () => {
  it('saves the day and Eastern time the pay sheets go out and the quick pay deduction', async () => {
    storeSession();
    const { callsTo } = serve(makeCompanySettings());
    renderApp('/settings/company/');
    const card = await section();
    expect(card.getByRole('combobox', { name: 'Pay sheets go out on' }).textContent).toBe(
      'Not by themselves',
    );
    expect(card.getByRole('textbox', { name: /Quick pay deduction/ })).toHaveProperty('value', '3');

    await userEvent.click(card.getByRole('combobox', { name: 'Pay sheets go out on' }));
    const days = await screen.findAllByRole('option');
    expect(days.map((day) => day.textContent)).toEqual([
      'Not by themselves',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Friday' }));
    await userEvent.type(card.getByRole('textbox', { name: 'At (Eastern)' }), '15:00');
    const percent = card.getByRole('textbox', { name: /Quick pay deduction/ });
    await userEvent.clear(percent);
    await userEvent.type(percent, '2.75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(callsTo('PUT', UPDATE)[0]?.body).toMatchObject({
        name: 'Demo Carrier',
        paysheet_weekday: 4,
        paysheet_time: '15:00',
        quickpay_percent: 2.75,
      }),
    );
    expect(await screen.findByText('Successfully')).toBeTruthy();
  });

  it('says what is wrong with a time or a percent, and with a day without a time, and sends nothing', async () => {
    storeSession();
    const { callsTo } = serve(makeCompanySettings({ paysheet_weekday: 0, paysheet_time: '10:00' }));
    renderApp('/settings/company/');
    const card = await section();
    expect(card.getByRole('combobox', { name: 'Pay sheets go out on' }).textContent).toBe('Monday');
    const time = card.getByRole('textbox', { name: 'At (Eastern)' });
    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    const percent = card.getByRole('textbox', { name: /Quick pay deduction/ });
    await userEvent.clear(percent);
    await userEvent.type(percent, '2.555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Enter the time as HH:MM, from 00:00 to 23:59')).toBeTruthy();
    expect(
      card.getByText('The quick pay deduction is a percent from 0 to 100, with at most 2 decimals'),
    ).toBeTruthy();

    await userEvent.clear(time);
    await userEvent.clear(percent);
    await userEvent.type(percent, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Choose the time the pay sheets go out')).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);
  });

  it('reads in Russian for a Russian user', async () => {
    storeSession();
    serve(makeCompanySettings({ paysheet_weekday: 6, paysheet_time: '23:30', quickpay_percent: 2.5 }), 'ru');
    renderApp('/settings/company/');
    const card = await section('Бухгалтерия');
    expect(card.getByRole('combobox', { name: 'День отправки расчётных листов' }).textContent).toBe(
      'Воскресенье',
    );
    expect(card.getByRole('textbox', { name: 'Время (восточное)' })).toHaveProperty('value', '23:30');
    expect(card.getByRole('textbox', { name: /Удержание за быструю оплату/ })).toHaveProperty('value', '2.5');
  });
});
