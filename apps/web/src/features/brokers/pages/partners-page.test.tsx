import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BROKER_MESSAGES } from '@app/domain/brokers/brokers.rules';
import { i18n } from '@/i18n/i18n';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { PARTNERS_STORAGE_KEY } from '../components/brokers-list-state';
import { BROKERS, lastQuery, list, makeBroker, makeRating, setupBrokers } from './broker-test-data';

const ALL = `${BROKERS}/all`;
const acme = makeBroker({
  credit_check: {
    result: 'Approved',
    checked_at: '2026-11-08T15:00:00Z',
    checked_by: { id: 31, first_name: 'Marcus', last_name: 'Hayes' },
  },
});
const shady = makeBroker({
  id: 8,
  name: 'Shady Freight',
  mc_number: '999001',
  ratingId: 4,
  in_blacklist: true,
  blacklist_reason: 'Double brokered our load',
  blacklisted_at: '2026-11-20T16:30:00Z',
});

function row(table: HTMLElement, name: string): HTMLElement {
  return within(table).getByText(name).closest('tr') as HTMLElement;
}

async function openRowMenu(table: HTMLElement, name: string) {
  await userEvent.click(within(table).getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('partners page', () => {
  it('lists every broker with its rating, credit check and blacklist mark, and searches once typing stops', async () => {
    const { callsTo } = setupBrokers({ [`GET ${ALL}`]: list([acme, shady]) });
    renderApp('/partners/');
    const table = await screen.findByRole('table', { name: 'All brokers' });

    const acmeRow = row(table, 'Acme Logistics');
    expect(within(acmeRow).getByText('OTR · MC-123456 · DOT 7654321')).toBeTruthy();
    expect(within(acmeRow).getByText('Approved')).toBeTruthy();
    // 15:00 UTC on November 8 is 10:00am in New York (EST).
    expect(within(acmeRow).getByText('Approved · 11/08/2026').closest('[title]')?.getAttribute('title')).toBe(
      'Checked by Marcus Hayes at 10:00am 11/08/2026',
    );
    expect(within(acmeRow).queryByText('Blacklisted')).toBeNull();
    const shadyRow = row(table, 'Shady Freight');
    expect(within(shadyRow).getByText('Severe Risk')).toBeTruthy();
    expect(within(shadyRow).getByText('Blacklisted')).toBeTruthy();
    expect(within(shadyRow).getByText('Not checked')).toBeTruthy();
    expect(lastQuery(callsTo('GET', ALL))).toEqual({ page: '1', limit: '25' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search brokers' }), 'MC-999');
    await waitFor(() => expect(lastQuery(callsTo('GET', ALL)).search).toBe('MC-999'));
    // Debounced: one call for the whole word, none for each letter.
    expect(callsTo('GET', ALL).filter((call) => call.url.includes('search='))).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Rating' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Severe Risk' }));
    await waitFor(() =>
      expect(lastQuery(callsTo('GET', ALL))).toEqual({
        page: '1',
        limit: '25',
        search: 'MC-999',
        rating: '4',
      }),
    );
    // The set is kept for the next visit (the spec's saved filters for partner brokers).
    expect(JSON.parse(localStorage.getItem(PARTNERS_STORAGE_KEY) ?? '{}')).toEqual({
      search: 'MC-999',
      rating: 4,
      limit: 25,
    });
  });

  it('shows a dispatcher who rated a broker, when and why, but no rating, credit check or blacklist', async () => {
    setupBrokers(
      {
        [`GET ${ALL}`]: list([shady]),
        [`GET ${BROKERS}/rating/broker-company/8`]: list([
          makeRating(),
          makeRating({
            id: 2,
            rating: { id: 3, name: 'Approved', color: '#43a047' },
            previous_rating: null,
            comment: null,
            created_date: '2026-07-04T13:15:00Z',
          }),
        ]),
      },
      { role: 5 },
    );
    renderApp('/partners/');
    const table = await screen.findByRole('table', { name: 'All brokers' });
    await userEvent.click(within(row(table, 'Shady Freight')).getByRole('button', { name: 'Severe Risk' }));

    const dialog = await screen.findByRole('dialog', { name: /Rating of Shady Freight/ });
    const history = await within(dialog).findByRole('list', { name: 'Rating history of Shady Freight' });
    const [latest, first] = within(history).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(latest).getByText('Approved')).toBeTruthy();
    expect(within(latest).getByText('Severe Risk')).toBeTruthy();
    expect(within(latest).getByText('Rated by Marcus Hayes')).toBeTruthy();
    // 20:04 UTC on November 21 is 03:04pm in New York (EST); 13:15 UTC on July 4 is 09:15am (EDT).
    expect(within(latest).getByText('03:04pm 11/21/2026')).toBeTruthy();
    expect(within(latest).getByText('Double brokered a load')).toBeTruthy();
    expect(within(first).getByText('09:15am 07/04/2026')).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const menu = await openRowMenu(table, 'Shady Freight');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Rating history', 'Edit', 'Ask for a rating']);
  });

  it('rates a broker: Not Approved, Severe Risk and Call Office need a comment', async () => {
    const { callsTo } = setupBrokers({
      [`GET ${ALL}`]: list([acme]),
      [`GET ${BROKERS}/rating/broker-company/7`]: list([]),
      [`PUT ${BROKERS}/rating/broker-company/7/update`]: makeBroker({ ratingId: 5 }),
    });
    renderApp('/partners/');
    const table = await screen.findByRole('table', { name: 'All brokers' });
    await userEvent.click(within(row(table, 'Acme Logistics')).getByRole('button', { name: 'Approved' }));
    const dialog = await screen.findByRole('dialog', { name: /Rate Acme Logistics/ });
    expect(await within(dialog).findByText('Not rated yet')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Call Office' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(BROKER_MESSAGES.ratingCommentRequired)).toBeTruthy();
    expect(callsTo('PUT', `${BROKERS}/rating/broker-company/7/update`)).toHaveLength(0);

    await userEvent.type(comment, 'Pays late, call first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', `${BROKERS}/rating/broker-company/7/update`)[0]?.body).toEqual({
      rating: 5,
      comment: 'Pays late, call first',
    });
  });

  it('records a credit check and switches notify_no_posting', async () => {
    const { callsTo } = setupBrokers({
      [`GET ${ALL}`]: list([shady]),
      [`PUT ${BROKERS}/broker-company/8/credit-check`]: shady,
      [`PUT ${BROKERS}/broker-company/8/`]: { ...shady, notify_no_posting: true },
    });
    renderApp('/partners/');
    const table = await screen.findByRole('table', { name: 'All brokers' });
    await userEvent.click(
      within(table).getByRole('switch', { name: 'Notify when Shady Freight stops posting loads' }),
    );
    await waitFor(() =>
      expect(callsTo('PUT', `${BROKERS}/broker-company/8/`)[0]?.body).toEqual({ notify_no_posting: true }),
    );

    await userEvent.click(within(row(table, 'Shady Freight')).getByRole('button', { name: 'Not checked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit check of Shady Freight' });
    expect(within(dialog).getByText('The credit has not been checked yet.')).toBeTruthy();
    const record = within(dialog).getByRole('button', { name: 'Record the check' });
    expect(record.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Declined' }));
    await userEvent.click(record);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', `${BROKERS}/broker-company/8/credit-check`)[0]?.body).toEqual({
      result: 'Declined',
    });
  });

  it('lists the blacklist with the reasons, adds a broker with a reason and takes another off', async () => {
    const { callsTo } = setupBrokers({
      [`GET ${BROKERS}/broker-company/blacklist`]: list([shady]),
      [`GET ${BROKERS}/broker-company/search`]: list([acme]),
      [`PUT ${BROKERS}/broker-company/blacklist/7/update`]: { ...acme, in_blacklist: true },
      [`PUT ${BROKERS}/broker-company/blacklist/8/update`]: { ...shady, in_blacklist: false },
    });
    renderApp('/partners/?tab=blacklist');
    const table = await screen.findByRole('table', { name: 'Blacklist' });
    const shadyRow = row(table, 'Shady Freight');
    expect(within(shadyRow).getByText('Double brokered our load')).toBeTruthy();
    // 16:30 UTC on November 20 is 11:30am in New York.
    expect(within(shadyRow).getByText('11:30am 11/20/2026')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add to blacklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a broker to the blacklist' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Broker' }));
    await userEvent.click(await screen.findByRole('option', { name: /Acme Logistics/ }));
    // Only brokers off the blacklist are offered.
    expect(lastQuery(callsTo('GET', `${BROKERS}/broker-company/search`)).in_blacklist).toBe('false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    expect(within(dialog).getByText('Say why the broker is blacklisted')).toBeTruthy();
    expect(callsTo('PUT', `${BROKERS}/broker-company/blacklist/7/update`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Never paid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', `${BROKERS}/broker-company/blacklist/7/update`)[0]?.body).toEqual({
      in_blacklist: true,
      blacklist_reason: 'Never paid',
    });

    const menu = await openRowMenu(table, 'Shady Freight');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from blacklist' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Shady Freight from the blacklist' });
    expect(within(remove).getByText('Double brokered our load')).toBeTruthy();
    await userEvent.click(within(remove).getByRole('button', { name: 'Remove from blacklist' }));
    await waitFor(() =>
      expect(callsTo('PUT', `${BROKERS}/broker-company/blacklist/8/update`)[0]?.body).toEqual({
        in_blacklist: false,
        blacklist_reason: null,
      }),
    );
  });

  it('looks an OTR broker up by its MC number and adds it when unknown; a taken MC number shows at its field', async () => {
    let known = false;
    const { callsTo } = setupBrokers({
      [`GET ${BROKERS}/otr-broker-company`]: list([]),
      [`GET ${BROKERS}/get-by-mc`]: () =>
        known ? acme : new FakeAnswer(404, { detail: 'Not found', code: 'not_found' }),
      [`POST ${BROKERS}/otr-broker-company/create`]: new FakeAnswer(409, {
        detail: BROKER_MESSAGES.mcNumberTaken,
        code: 'mc_number_taken',
        fields: { mc_number: [BROKER_MESSAGES.mcNumberTaken] },
      }),
    });
    renderApp('/partners/?tab=otr');
    expect(await screen.findByText('No OTR brokers yet')).toBeTruthy();

    const mc = screen.getByRole('textbox', { name: 'MC number' });
    await userEvent.type(mc, 'MC-12a');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText(BROKER_MESSAGES.mcDigitsOnly)).toBeTruthy();
    await userEvent.clear(mc);
    await userEvent.type(mc, 'MC-0123456{Enter}');
    expect(await screen.findByText('No broker with MC-123456 yet.')).toBeTruthy();
    expect(lastQuery(callsTo('GET', `${BROKERS}/get-by-mc`))).toEqual({ mc_number: '123456' });

    await userEvent.click(screen.getByRole('button', { name: 'Add it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add OTR broker' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /MC number/ }).value).toBe('123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Acme Logistics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(BROKER_MESSAGES.mcNumberTaken)).toBeTruthy();
    expect(callsTo('POST', `${BROKERS}/otr-broker-company/create`)[0]?.body).toMatchObject({
      name: 'Acme Logistics',
      mc_number: '123456',
    });
    // Nothing typed is lost.
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Name/ }).value).toBe(
      'Acme Logistics',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    known = true;
    await userEvent.clear(mc);
    await userEvent.type(mc, '123456{Enter}');
    const found = await screen.findByRole('region', { name: 'Broker with this MC number' });
    expect(within(found).getByText('Acme Logistics')).toBeTruthy();
  });

  it('adds, edits and deletes a non-OTR company; one named on loads is kept', async () => {
    const shipper = makeBroker({
      id: 9,
      name: 'Lakeside Plastics',
      is_otr: false,
      mc_number: null,
      dot_number: null,
    });
    const { callsTo } = setupBrokers({
      [`GET ${BROKERS}/non-otr-broker-company`]: list([shipper]),
      [`POST ${BROKERS}/non-otr-broker-company/create`]: makeBroker({ id: 10, is_otr: false }),
      [`PUT ${BROKERS}/non-otr-broker-company/9/update`]: shipper,
      [`DELETE ${BROKERS}/non-otr-broker-company/9/`]: new FakeAnswer(409, {
        detail: 'This company is named on loads and cannot be deleted.',
        code: 'broker_has_loads',
      }),
    });
    renderApp('/partners/?tab=non-otr');
    const table = await screen.findByRole('table', { name: 'Non-OTR companies' });

    await userEvent.click(screen.getByRole('button', { name: 'Add company' }));
    const create = await screen.findByRole('dialog', { name: 'Add non-OTR company' });
    await userEvent.type(within(create).getByRole('textbox', { name: /Name/ }), 'Tri-County Printing');
    const email = within(create).getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'billing@');
    await userEvent.tab();
    expect(await within(create).findByText('Email must be valid')).toBeTruthy();
    await userEvent.type(email, 'tricounty.test');
    await userEvent.click(within(create).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', `${BROKERS}/non-otr-broker-company/create`)[0]?.body).toMatchObject({
      name: 'Tri-County Printing',
      email: 'billing@tricounty.test',
      mc_number: '',
    });

    let menu = await openRowMenu(table, 'Lakeside Plastics');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Lakeside Plastics' });
    const name = within(edit).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Lakeside Plastics Inc');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', `${BROKERS}/non-otr-broker-company/9/update`)[0]?.body).toMatchObject({
      name: 'Lakeside Plastics Inc',
      city: 'Dallas',
      state: 'TX',
    });

    menu = await openRowMenu(table, 'Lakeside Plastics');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete Lakeside Plastics?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(
      await within(remove).findByText('This company is named on loads and cannot be deleted.'),
    ).toBeTruthy();
    expect(callsTo('DELETE', `${BROKERS}/non-otr-broker-company/9/`)).toHaveLength(1);
  });

  it('speaks Russian', async () => {
    setupBrokers({ [`GET ${ALL}`]: list([shady]) }, { lang: 'ru' });
    await act(() => i18n.changeLanguage('ru'));
    renderApp('/partners/');
    const table = await screen.findByRole('table', { name: 'Все брокеры' });
    expect(within(table).getByText('Высокий риск')).toBeTruthy();
    expect(within(table).getByText('В чёрном списке')).toBeTruthy();
    expect(within(table).getByText('Не проверен')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Чёрный список' })).toBeTruthy();
  });
});
