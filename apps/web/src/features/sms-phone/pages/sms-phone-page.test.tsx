import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SmsCounterpartThread, SmsMessage } from '@app/domain/sms/sms.schema';
import { FakeAnswer, fakeFetch, renderApp } from '@/test/render-app';

// The phone page of the local SMS provider, without a session, against fake server answers.

const TOKEN = 'tok_0123456789abcdefghij';
const THREAD = `/backend/api/v2/sms/counterpart/${TOKEN}`;

function message(id: number, direction: 'in' | 'out', content: string): SmsMessage {
  return {
    id,
    content,
    files: [],
    created_date: '2026-11-21T20:04:00Z',
    user_from: {
      id: null,
      avatar: '/default-avatar.svg',
      role: direction === 'in' ? 10 : 5,
      full_name: 'Dan Driver',
    },
    sms_chat: 5,
    direction,
    delivery_status: 'delivered',
    error: null,
  };
}

function thread(messages: SmsMessage[]): SmsCounterpartThread {
  return {
    chat_id: 5,
    company_name: 'Demo Carrier',
    full_name: 'Dan Driver',
    phone_number: '+15551230001',
    messages: { results: messages, count: messages.length },
  };
}

describe('the SMS phone page', () => {
  it("shows the company's texts on the left and the phone's on the right, and sends a reply with Enter", async () => {
    const network = fakeFetch({
      [`GET ${THREAD}`]: thread([message(1, 'out', 'Are you empty in Dallas?'), message(2, 'in', 'Yes')]),
      [`POST ${THREAD}`]: message(3, 'in', 'Leaving at 5'),
    });
    renderApp(`/sms-phone/${TOKEN}`);
    expect(await screen.findByText('Demo Carrier', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/You are Dan Driver, \+15551230001/)).toBeTruthy();
    const texts = within(screen.getByRole('list', { name: 'Texts' })).getAllByRole('listitem');
    expect(texts.map((item) => [item.dataset.mine, item.textContent?.startsWith('Are') ? 'q' : 'a'])).toEqual(
      [
        ['false', 'q'],
        ['true', 'a'],
      ],
    );
    // Eastern time: 20:04 UTC on November 21 is 03:04pm in New York.
    expect(within(texts[0]!).getByText('03:04pm 11/21/2026')).toBeTruthy();

    const box = screen.getByRole('textbox', { name: 'Text' });
    await userEvent.type(box, 'Leaving at 5{Shift>}{Enter}{/Shift}');
    expect(network.callsTo('POST', THREAD)).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(network.callsTo('POST', THREAD)).toHaveLength(1));
    expect(network.callsTo('POST', THREAD)[0]?.body).toEqual({ content: 'Leaving at 5' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('says when the phone link is no longer valid', async () => {
    fakeFetch({ [`GET ${THREAD}`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }) });
    renderApp(`/sms-phone/${TOKEN}`);
    expect(
      await screen.findByText(/This phone link is not valid any more/, undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('keeps the text and turns the send icon red when the reply fails', async () => {
    fakeFetch({
      [`GET ${THREAD}`]: thread([]),
      [`POST ${THREAD}`]: new FakeAnswer(500, { detail: 'Server error', code: 'internal' }),
    });
    renderApp(`/sms-phone/${TOKEN}`);
    expect(await screen.findByText('No texts yet.', undefined, { timeout: 15_000 })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Text' });
    await userEvent.type(box, 'On my way{Enter}');
    expect(await screen.findByText('Not sent. Try again.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('On my way');
  });
});
