import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailPosting } from '@app/domain/loadboard/email-postings.schema';
import { setupListPages } from '@/components/lists/list-test-data';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, renderApp } from '@/test/render-app';

// The load board's "From e-mail" review list as a dispatcher uses it: what was read and what was not, the
// form for what is missing (the server's refusal under its field), dismiss, and the count kept live.

const API = '/backend/api/v2/loadboard/email-postings';
const FIRST_DRAW = { timeout: 20_000 };

const NULL_VALUES: EmailPosting['read'] = {
  pick_up: null,
  pick_up_date: null,
  deliver_to: null,
  delivery_date: null,
  car: null,
  miles: null,
  weight: null,
  pieces: null,
  length: null,
  width: null,
  height: null,
  pays_cents: null,
  reference: null,
  mc_number: null,
  broker_name: null,
  broker_phone: null,
};

const CHARLOTTE: EmailPosting = {
  id: 7,
  from_address: 'alee@smallbroker.example',
  from_name: 'Amy Lee',
  subject: 'Need a sprinter tomorrow',
  text: 'Pick up: Charlotte, NC 28202 tomorrow 9am\nDelivery: TBD, will confirm\nRate: call',
  received_at: '2026-11-25T16:20:00Z',
  state: 'needs_review',
  load_id: null,
  read: {
    ...NULL_VALUES,
    pick_up: {
      address: 'Charlotte, NC 28202, USA',
      city: 'Charlotte',
      state: 'NC',
      zip_code: '28202',
      country: 'US',
      lat: 35.227,
      lon: -80.843,
    },
    pick_up_date: '2026-11-26T09:00:00-05:00',
    car: 'SPRINTER',
    weight: 600,
    reference: 'SB-0009',
  },
  unread_fields: [
    { field: 'deliver_to', text: 'TBD, will confirm' },
    { field: 'pays', text: 'call' },
  ],
};

const PORTLAND: EmailPosting = {
  ...CHARLOTTE,
  id: 8,
  subject: 'Sprinter van Portland, OR to Seattle, WA',
  unread_fields: [{ field: 'pick_up_date', text: 'when the freight is ready' }],
};

function setup(postings: EmailPosting[]) {
  let list = postings;
  const network = setupListPages({
    'GET /backend/api/v2/loads/loadboard': { count: 0, results: [] },
    [`GET ${API}`]: () => ({ count: list.length, results: list }),
    [`POST ${API}/7/post`]: new FakeAnswer(400, {
      detail: 'Invalid input.',
      code: 'validation_error',
      fields: { deliver_to: ['This field is required'] },
    }),
    [`PUT ${API}/8/dismiss`]: () => {
      list = list.filter((posting) => posting.id !== 8);
      return { ...PORTLAND, state: 'dismissed' };
    },
  });
  return { ...network, setList: (next: EmailPosting[]) => (list = next) };
}

async function openReview() {
  renderApp('/loadboard/');
  await userEvent.click(await screen.findByRole('button', { name: /From e-mail \(2\)/ }, FIRST_DRAW));
  return screen.findByRole('dialog', { name: 'Posting e-mails to review' });
}

describe('the review list of posting e-mails', () => {
  it('shows each e-mail with what was read and what was not, and refuses an incomplete posting under its field', async () => {
    const { callsTo } = setup([CHARLOTTE, PORTLAND]);
    const drawer = await openReview();
    const mail = within(drawer).getByRole('article', { name: 'Need a sprinter tomorrow' });
    expect(within(mail).getByText('Amy Lee <alee@smallbroker.example>')).toBeTruthy();
    expect(within(mail).getByText('Charlotte, NC 28202')).toBeTruthy();
    expect(within(mail).getByText('09:00am 11/26/2026')).toBeTruthy();
    expect(within(mail).getByText('Sprinter')).toBeTruthy();
    expect(within(mail).getByText('Delivery: TBD, will confirm')).toBeTruthy();
    expect(within(mail).getByText('Rate: call')).toBeTruthy();

    await userEvent.click(within(mail).getByRole('button', { name: 'Complete and post' }));
    const form = within(mail).getByRole('form', { name: 'Complete the posting' });
    expect(within(form).getByRole('combobox', { name: 'Delivery' })).toBeTruthy();
    expect(within(form).queryByRole('combobox', { name: 'Pick-up' })).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Rate' }), '$900');
    await userEvent.click(within(form).getByRole('button', { name: 'Post to the board' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(callsTo('POST', `${API}/7/post`)[0]!.body).toEqual({ pays: '$900' });
  });

  it('dismisses an e-mail, and follows update_email_postings', async () => {
    const { callsTo, setList } = setup([CHARLOTTE, PORTLAND]);
    const drawer = await openReview();
    const mail = within(drawer).getByRole('article', { name: PORTLAND.subject });
    await userEvent.click(within(mail).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(drawer).queryByRole('article', { name: PORTLAND.subject })).toBeNull());
    expect(callsTo('PUT', `${API}/8/dismiss`)).toHaveLength(1);

    setList([]);
    act(() => FakeWebSocket.last().receive({ event: 'update_email_postings', data: { ids: [7] } }));
    expect(await within(drawer).findByText('No posting e-mails to review')).toBeTruthy();
  });

  it('keeps the focus in the panel when the e-mail it was in leaves, so that Escape still closes it', async () => {
    setup([CHARLOTTE, PORTLAND]);
    const drawer = await openReview();
    const mail = within(drawer).getByRole('article', { name: PORTLAND.subject });
    await userEvent.click(within(mail).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(drawer).queryByRole('article', { name: PORTLAND.subject })).toBeNull());
    expect(drawer.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Posting e-mails to review' })).toBeNull(),
    );
  });
});
