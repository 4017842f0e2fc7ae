import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CANCEL_WARNING,
  DOCUMENTS_REQUIRED_MESSAGE,
  LOAD_ACTION_MESSAGES,
} from '@app/domain/loads/load-lifecycle.rules';
import { LOAD_SCHEMA_MESSAGES } from '@app/domain/loads/loads.schema';
import en from '@/i18n/en.json';
import { renderApp } from '@/test/render-app';
import { FakeAnswer, makeLoad, setupLoads } from './load-test-data';

const LOADS = '/backend/api/v2/loads';

/** The buttons of the action bar, by their text. */
function actionButtons(): string[] {
  const header = screen.getByRole('heading', { name: /^Load \d/ }).closest('.MuiPaper-root') as HTMLElement;
  return within(header)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('load page', () => {
  it('keeps the spec texts of the load lifecycle in English', () => {
    expect(en.loads.cancel.warning).toBe(CANCEL_WARNING);
    expect(en.loads.documentsRequired).toBe(DOCUMENTS_REQUIRED_MESSAGE);
    expect(en.loads.serverMessages).toEqual(LOAD_ACTION_MESSAGES);
    expect(en.loads.schemaMessages).toEqual(LOAD_SCHEMA_MESSAGES);
  });

  it('offers an admin every action an active load allows', async () => {
    setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad({ status: 3 }) }, { role: 3 });
    renderApp('/load/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    expect(actionButtons()).toEqual([
      'Report damage',
      'Back to In Transit to Pick-up',
      'Move to Loaded',
      'Edit',
      'TONU',
      'Cancel load',
      'Change price',
      'Change driver',
      'Change dispatcher',
      'Delete',
    ]);
  });

  it('offers a tracker only the status moves, and not the switch to Delivered', async () => {
    setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad({ status: 7 }) }, { role: 6 });
    renderApp('/load/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    expect(actionButtons()).toEqual(['Report damage', 'Back to Arrived to Delivery', 'Move to Delivered']);
    const toDelivered = screen.getByRole('button', { name: 'Move to Delivered' });
    expect(toDelivered.hasAttribute('disabled')).toBe(true);
    await userEvent.hover(toDelivered.parentElement!);
    expect(
      await screen.findByText('Only managers and dispatchers can switch a load to Delivered.'),
    ).toBeTruthy();
  });

  it('lets a dispatcher switch a load to Delivered', async () => {
    setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad({ status: 7 }) }, { role: 5 });
    renderApp('/load/active/42');
    const toDelivered = await screen.findByRole('button', { name: 'Move to Delivered' });
    expect(toDelivered.hasAttribute('disabled')).toBe(false);
    expect(actionButtons()).not.toContain('Delete');
  });

  it('offers restore, restore as copy and delete on a canceled load, and no status move', async () => {
    setupLoads({ [`GET ${LOADS}/canceled/42/`]: makeLoad({ status: 12 }) }, { role: 4 });
    renderApp('/load/canceled/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    expect(actionButtons()).toEqual(['Report damage', 'Restore', 'Restore as copy', 'Delete']);
  });

  it('offers an accountant nothing to do on an active load but to report damage', async () => {
    setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad({ status: 2 }) }, { role: 7 });
    renderApp('/load/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    expect(actionButtons()).toEqual(['Report damage']);
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it("shows the spec's warning in the cancel dialog and sends the driver price", async () => {
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ status: 2 }),
      [`PUT ${LOADS}/active/42/cancel`]: {},
    });
    renderApp('/load/active/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel load 000042' });
    expect(within(dialog).getByText(CANCEL_WARNING)).toBeTruthy();
    const price = within(dialog).getByRole('textbox', { name: 'Driver price' });
    expect((price as HTMLInputElement).value).toBe('950.00');
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    expect(within(dialog).getByText('Must be an amount of money')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel load' }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(price);
    await userEvent.type(price, '$1,250.75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel load' }));
    await waitFor(() =>
      expect(callsTo('PUT', `${LOADS}/active/42/cancel`)[0]?.body).toEqual({ driver_price: '$1,250.75' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a load TONU with both prices and shows a refusal in the dialog', async () => {
    let refuse = true;
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ status: 3 }),
      [`PUT ${LOADS}/active/42/tonu`]: () =>
        refuse
          ? new FakeAnswer(409, { detail: LOAD_ACTION_MESSAGES.tonuDelivered, code: 'tonu_delivered' })
          : {},
    });
    renderApp('/load/active/42');
    await userEvent.click(await screen.findByRole('button', { name: 'TONU' }));
    const dialog = await screen.findByRole('dialog', { name: 'TONU of load 000042' });
    const brokerPrice = within(dialog).getByRole('textbox', { name: 'Broker price' });
    await userEvent.clear(brokerPrice);
    await userEvent.type(brokerPrice, '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark TONU' }));
    expect(await within(dialog).findByText('A delivered load cannot be marked TONU.')).toBeTruthy();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark TONU' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', `${LOADS}/active/42/tonu`)[1]?.body).toEqual({
      broker_price: '250',
      driver_price: '950.00',
    });
  });

  it('says which documents are missing when the next status needs them', async () => {
    let load = makeLoad({ status: 1, missing_documents: [] });
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: () => load,
      [`PUT ${LOADS}/42/set-next-status`]: () => {
        load = makeLoad({ status: 1, missing_documents: ['rate_confirmation'] });
        return new FakeAnswer(409, {
          detail: DOCUMENTS_REQUIRED_MESSAGE,
          code: 'documents_required',
          fields: { missing_documents: ['rate_confirmation'] },
        });
      },
    });
    renderApp('/load/active/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Move to In Transit to Pick-up' }));
    // Decided by the code, and the document named by its name, never as 'rate_confirmation'.
    expect(
      await screen.findByText(
        'Next documents needs to be uploaded before status changing: Rate confirmation',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/rate_confirmation/)).toBeNull();
    expect(callsTo('PUT', `${LOADS}/42/set-next-status`)).toHaveLength(1);
    const files = screen.getByRole('region', { name: 'Documents' });
    await waitFor(() => expect(files.getAttribute('data-highlighted')).toBe('true'));
    expect(within(files).getByRole('alert').textContent).toBe(
      'Needed before the next status: Rate confirmation',
    );
    // The missing document is the type offered for the upload.
    expect(within(files).getByRole('combobox', { name: 'Document type' }).textContent).toBe(
      'Rate confirmation',
    );
    // The refusal is not also shown as a generic request failure.
    expect(screen.queryByText('Request failed with HTTP code 409')).toBeNull();
  });

  it('keeps the move waiting while the page knows documents are missing, and leads to the upload', async () => {
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ status: 1, missing_documents: ['rate_confirmation'] }),
    });
    renderApp('/load/active/42');
    const move = await screen.findByRole('button', { name: 'Move to In Transit to Pick-up' });
    expect(move.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Upload first: Rate confirmation' }));
    const files = screen.getByRole('region', { name: 'Documents' });
    await waitFor(() => expect(files.getAttribute('data-highlighted')).toBe('true'));
    expect(within(files).getByRole('combobox', { name: 'Document type' }).textContent).toBe(
      'Rate confirmation',
    );
    expect(callsTo('PUT', `${LOADS}/42/set-next-status`)).toHaveLength(0);
  });

  it('names the browser tab after the load, and gives the tab back to the list afterwards', async () => {
    setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ status: 1 }),
      [`GET ${LOADS}/active`]: { count: 0, next: null, previous: null, results: [] },
    });
    const app = renderApp('/load/active/42');
    await screen.findByRole('heading', { name: 'Load 000042' });
    await waitFor(() => expect(document.title).toBe('Load 000042 · Dispatch'));
    await app.router.navigate('/my-loads/active/');
    await waitFor(() => expect(document.title).toBe('Active · Dispatch'));
  });

  it('moves to the list the load is in when the link names another', async () => {
    setupLoads({ [`GET ${LOADS}/completed/42/`]: makeLoad({ status: 10 }) });
    const view = renderApp('/load/active/42?dir=notes');
    await screen.findByRole('heading', { name: 'Load 000042' });
    expect(view.pathname()).toBe('/load/completed/42');
    expect(view.router.state.location.search).toBe('?dir=notes');
  });

  it('says when no list has the load', async () => {
    setupLoads({});
    renderApp('/load/active/999');
    expect(await screen.findByText('Load not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Active loads' }).getAttribute('href')).toBe('/my-loads/active/');
  });

  it('opens at the notes with ?dir=notes', async () => {
    setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad() });
    renderApp('/load/active/42?dir=notes');
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(notes.getAttribute('data-highlighted')).toBe('true');
    expect(within(notes).getByText('Call before arrival')).toBeTruthy();
  });

  it('shows the history as a timeline with who, when in Eastern time, and before and after', async () => {
    setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({
        history: [
          {
            id: 1,
            action: 'create',
            field: null,
            before: null,
            after: null,
            user: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
            created_date: '2026-11-20T14:00:00Z',
          },
          {
            id: 2,
            action: 'change_price',
            field: 'broker_price',
            before: 1000,
            after: 1200.5,
            user: { id: 22, first_name: 'Mark', last_name: 'Manager' },
            created_date: '2026-11-21T20:04:00Z',
          },
        ],
      }),
    });
    renderApp('/load/active/42');
    const history = await screen.findByRole('list', { name: 'History' });
    const [newest, oldest] = within(history).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(newest.textContent).toContain('Prices changed · Broker price');
    expect(newest.textContent).toContain('$1,000.00 → $1,200.50');
    expect(newest.textContent).toContain('Mark Manager · 03:04pm 11/21/2026');
    expect(oldest.textContent).toContain('Created');
    expect(oldest.textContent).toContain('Dina Dispatch · 09:00am 11/20/2026');
  });

  it('refuses an executable or an oversized file before sending it', async () => {
    const { calls } = setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad() });
    renderApp('/load/active/42');
    const input = await screen.findByLabelText('File');
    await userEvent.upload(input, new File(['MZ'], 'invoice.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText(/Executable files cannot be uploaded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25_000_001 });
    await userEvent.upload(input, big);
    expect(await screen.findByText(/The file is larger than 25,000,000 bytes\./)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('upload-file'))).toBe(false);
  });

  it('uploads a document with its type', async () => {
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad(),
      [`PUT ${LOADS}/active/42/upload-file`]: {},
    });
    renderApp('/load/active/42');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bill of lading' }));
    await userEvent.upload(
      screen.getByLabelText('File'),
      new File(['%PDF'], 'bol.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(callsTo('PUT', `${LOADS}/active/42/upload-file`)).toHaveLength(1));
    const form = callsTo('PUT', `${LOADS}/active/42/upload-file`)[0]!.body as FormData;
    expect(form.get('file_type')).toBe('bill_of_lading');
    expect((form.get('file') as File).name).toBe('bol.pdf');
  });

  it('edits an active load in the load form and saves it', async () => {
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ accounting_broker_company: { id: 7, name: 'Acme Logistics' } }),
      [`PUT ${LOADS}/active/42/edit`]: {},
    });
    renderApp('/load/active/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit load 000042' });
    const brokerName = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Broker name/ });
    expect(brokerName.value).toBe('Bob Broker');
    await userEvent.clear(brokerName);
    await userEvent.type(brokerName, 'Bobby Broker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `${LOADS}/active/42/edit`)).toHaveLength(1));
    expect(callsTo('PUT', `${LOADS}/active/42/edit`)[0]?.body).toMatchObject({
      accounting_broker_company: 7,
      broker_name: 'Bobby Broker',
      rateconf_ref: 'RC-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns on the e-mail updates to the broker once they have recipients and something to report', async () => {
    const { callsTo } = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad(),
      [`PUT ${LOADS}/active/42/email-notifications`]: {},
    });
    renderApp('/load/active/42');
    const form = await screen.findByRole('form', { name: 'E-mail updates to the broker' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    expect(within(form).getByText('Add at least one e-mail')).toBeTruthy();
    expect(within(form).getByText('Choose location, load status or both')).toBeTruthy();
    expect(within(form).getByText('This field is required')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await userEvent.type(
      within(form).getByRole('combobox', { name: 'Recipients' }),
      'Ops@Broker.test{Enter}',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Load status' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Interval' }), '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `${LOADS}/active/42/email-notifications`)).toHaveLength(1));
    expect(callsTo('PUT', `${LOADS}/active/42/email-notifications`)[0]?.body).toEqual({
      email_notifications_status: 'Active',
      email_notifications_interval: 60,
      email_notifications_location_flag: false,
      email_notifications_load_status_flag: true,
      email_notifications_type: 'interval',
      location_update_emails: ['ops@broker.test'],
    });
  });
});
