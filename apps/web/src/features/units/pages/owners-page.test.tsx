import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationSent } from '@app/domain/bids/driver-bids.schema';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import { i18n } from '@/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { FakeAnswer, lastQuery, listOf, makeOwner, OWNERS_PATH, setupUnits } from './units-test-data';

const GET_OWNERS = `GET ${OWNERS_PATH}`;
const CREATE = '/backend/api/v2/users/owners/create';
const COMPANIES = '/backend/api/v2/users/owner-companies';
const INVITE = '/backend/api/v2/users/owners/31/invite';

function invitationSent(overrides: Partial<InvitationSent> = {}): InvitationSent {
  return {
    id: 5,
    email: 'olga@owners.test',
    expires_at: '2026-12-02T15:00:00Z',
    delivery: 'sent',
    link: null,
    ...overrides,
  };
}

describe('owners page', () => {
  it('lists the owners with company, contacts, counts and wage visibility', async () => {
    setupUnits({
      [GET_OWNERS]: listOf([
        makeOwner({ phone_number: '(555) 700-8000' }),
        makeOwner({
          id: 32,
          full_name: 'Paul Past',
          company_name: null,
          is_active: false,
          is_wage_visible: true,
        }),
      ]),
    });
    renderApp('/units/owners/');
    const table = await screen.findByRole('table', { name: 'Owners' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Owner Fleet LLC')).toBeTruthy();
    expect(within(first).getByText('(555) 700-8000')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    expect(within(first).getByText('3')).toBeTruthy();
    expect(
      within(first).getByRole<HTMLInputElement>('switch', { name: 'Wage visible to Olga Owner' }).checked,
    ).toBe(false);
    expect(within(second).getByText('Not active')).toBeTruthy();
    expect(
      within(second).getByRole<HTMLInputElement>('switch', { name: 'Wage visible to Paul Past' }).checked,
    ).toBe(true);
  });

  it('switches wage visibility through the owner update call alone', async () => {
    const { callsTo } = setupUnits({
      [GET_OWNERS]: listOf([makeOwner()]),
      'PUT /backend/api/v2/users/owners/31/update': makeOwner({ is_wage_visible: true }),
    });
    renderApp('/units/owners/');
    await userEvent.click(await screen.findByRole('switch', { name: 'Wage visible to Olga Owner' }));
    await waitFor(() => expect(callsTo('PUT', '/backend/api/v2/users/owners/31/update')).toHaveLength(1));
    expect(callsTo('PUT', '/backend/api/v2/users/owners/31/update')[0]!.body).toEqual({
      is_wage_visible: true,
    });
  });

  it('creates an owner, offering the company names other owners have', async () => {
    const { callsTo } = setupUnits(
      {
        [GET_OWNERS]: listOf([]),
        [`GET ${COMPANIES}`]: { results: [{ company_name: 'Swift Haulers LLC', owners_count: 2 }] },
        [`POST ${CREATE}`]: makeOwner({ id: 33 }),
      },
      { role: 4 },
    );
    renderApp('/units/owners/');
    expect(await screen.findByText('No owners yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an owner' });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Hank' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Hauler' } });
    await userEvent.type(within(dialog).getByLabelText('Company'), 'Swi');
    await waitFor(() => expect(lastQuery(callsTo('GET', COMPANIES)).get('name')).toBe('Swi'));
    await userEvent.click(await screen.findByRole('option', { name: /Swift Haulers LLC/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '(555) 900-1000' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    expect(within(dialog).getByText(UNITS_MESSAGES.emailInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'hank@haulers.test' } });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Wage visible to the owner' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    await waitFor(() => expect(callsTo('POST', CREATE)).toHaveLength(1));
    expect(callsTo('POST', CREATE)[0]!.body).toEqual({
      first_name: 'Hank',
      last_name: 'Hauler',
      company_name: 'Swift Haulers LLC',
      phone_number: '(555) 900-1000',
      email: 'hank@haulers.test',
      is_wage_visible: true,
      is_active: true,
    });
  });

  it('edits an owner sending only what changed, so a phone the user may not see is kept', async () => {
    const { callsTo } = setupUnits(
      {
        [GET_OWNERS]: listOf([makeOwner({ phone_number: null })]),
        'PUT /backend/api/v2/users/owners/31/update': makeOwner({ company_name: 'Olga Freight' }),
      },
      { role: 7 },
    );
    renderApp('/units/owners/');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Olga Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner Olga Owner' });
    fireEvent.change(within(dialog).getByLabelText('Company'), { target: { value: 'Olga Freight' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/backend/api/v2/users/owners/31/update')).toHaveLength(1));
    expect(callsTo('PUT', '/backend/api/v2/users/owners/31/update')[0]!.body).toEqual({
      company_name: 'Olga Freight',
    });
  });

  it('shows a refused save in the dialog and keeps it filled', async () => {
    setupUnits(
      {
        [GET_OWNERS]: listOf([]),
        [`GET ${COMPANIES}`]: { results: [] },
        [`POST ${CREATE}`]: new FakeAnswer(400, {
          detail: 'Invalid request',
          code: 'validation_error',
          fields: { phone_number: [UNITS_MESSAGES.phoneInvalid] },
        }),
      },
      { role: 4 },
    );
    renderApp('/units/owners/');
    await userEvent.click(await screen.findByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an owner' });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Ivy' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Ivers' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '(555) 900-1000' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    expect(await within(dialog).findAllByText(UNITS_MESSAGES.phoneInvalid)).not.toHaveLength(0);
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Ivy');
  });

  describe('Send invitation', () => {
    it('invites an owner from the row (not from the edit dialog) to the e-mail typed', async () => {
      const { callsTo } = setupUnits(
        {
          [GET_OWNERS]: listOf([makeOwner()]),
          [`POST ${INVITE}`]: invitationSent({ email: 'olga.new@owners.test' }),
        },
        { role: 4 },
      );
      renderApp('/units/owners/');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Invite Olga Owner to the driver page' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Invite Olga Owner to the driver page' });
      expect(
        within(dialog).getByText(
          'An e-mail with a link to choose a password. The link works once, for 7 days.',
        ),
      ).toBeTruthy();
      const email = within(dialog).getByLabelText<HTMLInputElement>('E-mail');
      expect(email.value).toBe('olga@owners.test');
      fireEvent.change(email, { target: { value: 'olga.new@owners.test' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText('Invitation sent to olga.new@owners.test.')).toBeTruthy();
      expect(callsTo('POST', INVITE)).toHaveLength(1);
      expect(callsTo('POST', INVITE)[0]!.body).toEqual({ email: 'olga.new@owners.test' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo('POST', INVITE)).toHaveLength(1);
      // One place for it: the edit dialog (which not every inviting role may open) has none.
      await userEvent.click(screen.getByRole('button', { name: 'Edit Olga Owner' }));
      const edit = await screen.findByRole('dialog', { name: 'Owner Olga Owner' });
      expect(within(edit).queryByRole('button', { name: 'Send invitation' })).toBeNull();
    });

    it('shows the link to pass on when the company has no mail server, and a refusal in the dialog', async () => {
      let answer: unknown = new FakeAnswer(409, {
        detail: 'The owner already has a sign-in',
        code: 'conflict',
      });
      setupUnits(
        {
          [GET_OWNERS]: listOf([makeOwner()]),
          [`POST ${INVITE}`]: () => answer,
        },
        { role: 8 },
      );
      renderApp('/units/owners/');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Invite Olga Owner to the driver page' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Invite Olga Owner to the driver page' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText(/The owner already has a sign-in/)).toBeTruthy();
      answer = invitationSent({ delivery: 'kept', link: 'http://localhost/driver/invite/abc' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(
        await within(dialog).findByText(
          'The company has no mail server set up, so nothing was sent. Pass this link to olga@owners.test: http://localhost/driver/invite/abc',
        ),
      ).toBeTruthy();
    });

    it('is not offered to the roles the server would refuse', async () => {
      setupUnits({ [GET_OWNERS]: listOf([makeOwner()]) }, { role: 7 });
      renderApp('/units/owners/');
      // An accountant edits owners but may not invite them.
      expect(await screen.findByRole('button', { name: 'Edit Olga Owner' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Invite Olga Owner to the driver page' })).toBeNull();
    });

    it('speaks Russian', async () => {
      setupUnits({ [GET_OWNERS]: listOf([makeOwner()]) }, { role: 8, lang: 'ru' });
      await act(() => i18n.changeLanguage('ru'));
      try {
        renderApp('/units/owners/');
        await userEvent.click(
          await screen.findByRole('button', { name: 'Пригласить Olga Owner на страницу водителя' }),
        );
        const dialog = await screen.findByRole('dialog', {
          name: 'Пригласить Olga Owner на страницу водителя',
        });
        expect(within(dialog).getByRole('button', { name: 'Отправить' })).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeTruthy();
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    });
  });
});
