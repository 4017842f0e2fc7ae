import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import { renderApp } from '@/test/render-app';
import { BROKERS, list, makeBroker, makeRating, setupBrokers } from './broker-test-data';

const QUEUE = `${BROKERS}/rating/queue/active`;
const CONFLICT_MANAGER = { role: 13 as const, first_name: 'Marcus', last_name: 'Hayes' };

const waitingLong = makeBroker({
  id: 21,
  name: 'Bayfront Cargo',
  mc_number: '1322998',
  ratingId: 1,
  rating_requested_at: '2026-11-20T14:00:00Z',
});
const waitingShort = makeBroker({
  id: 22,
  name: 'Keystone Lane Freight',
  mc_number: '813471',
  ratingId: 1,
  rating_requested_at: '2026-11-21T18:00:00Z',
});

describe('brokers check page', () => {
  it('rates a broker of the queue; once rated it leaves the queue and its history says who rated it', async () => {
    let queue = [waitingLong, waitingShort];
    let history = list([] as ReturnType<typeof makeRating>[]);
    const rated = { ...waitingLong, rating: brokerRating(3), rating_requested_at: null };
    const { callsTo } = setupBrokers(
      {
        [`GET ${QUEUE}`]: () => list(queue),
        [`GET ${BROKERS}/rating/broker-company/21`]: () => history,
        [`PUT ${BROKERS}/rating/broker-company/21/update`]: () => {
          queue = [waitingShort];
          history = list([
            makeRating({ rating: brokerRating(3), previous_rating: brokerRating(1), comment: null }),
          ]);
          return rated;
        },
      },
      CONFLICT_MANAGER,
    );
    // The conflict manager starts here.
    const view = renderApp('/');
    await waitFor(() => expect(view.pathname()).toBe('/partners/brokers-check/'));
    const queueList = await screen.findByRole('list', { name: 'Rating queue' });
    const entries = within(queueList).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent?.slice(0, 14))).toEqual([
      'Bayfront Cargo',
      'Keystone Lane ',
    ]);
    expect(screen.getByText('Choose a broker')).toBeTruthy();

    await userEvent.click(entries[0]!);
    const check = screen.getByRole('region', { name: 'Broker check' });
    expect(within(check).getByRole('heading', { name: 'Bayfront Cargo' })).toBeTruthy();
    // 14:00 UTC on November 20 is 09:00am in New York.
    expect(within(check).getByText('Waiting for a rating since 09:00am 11/20/2026')).toBeTruthy();
    expect(await within(check).findByText('Not rated yet')).toBeTruthy();

    const form = within(check).getByRole('form', { name: 'Rating of Bayfront Cargo' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Approved' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rating' }));

    await waitFor(() => expect(within(queueList).getAllByRole('button')).toHaveLength(1));
    expect(callsTo('PUT', `${BROKERS}/rating/broker-company/21/update`)[0]?.body).toEqual({
      rating: 3,
      comment: '',
    });
    // The rated broker stays open with its new rating and history.
    expect(within(check).getByRole('heading', { name: 'Bayfront Cargo' })).toBeTruthy();
    expect(within(check).queryByText(/Waiting for a rating since/)).toBeNull();
    const ratings = await within(check).findByRole('list', { name: 'Rating history of Bayfront Cargo' });
    expect(within(ratings).getByText('Rated by Marcus Hayes')).toBeTruthy();
  });

  it('checks the credit and blacklists any broker found by name, off the queue', async () => {
    const zen = makeBroker({ id: 30, name: 'Zenith Brokerage', mc_number: '555123' });
    const { callsTo } = setupBrokers(
      {
        [`GET ${QUEUE}`]: list([]),
        [`GET ${BROKERS}/broker-company/search`]: list([zen]),
        [`GET ${BROKERS}/rating/broker-company/30`]: list([]),
        [`PUT ${BROKERS}/broker-company/30/credit-check`]: {
          ...zen,
          credit_check: {
            result: 'Needs review',
            checked_at: '2026-11-21T20:04:00Z',
            checked_by: { id: 31, first_name: 'Marcus', last_name: 'Hayes' },
          },
        },
        [`PUT ${BROKERS}/broker-company/blacklist/30/update`]: {
          ...zen,
          in_blacklist: true,
          blacklist_reason: 'Fake MC number',
          blacklisted_at: '2026-11-21T20:10:00Z',
        },
      },
      CONFLICT_MANAGER,
    );
    renderApp('/partners/brokers-check/');
    expect(await screen.findByText('No brokers are waiting for a rating')).toBeTruthy();

    await userEvent.type(screen.getByRole('combobox', { name: 'Check any broker' }), 'Zen');
    await userEvent.click(await screen.findByRole('option', { name: /Zenith Brokerage/ }));
    const check = screen.getByRole('region', { name: 'Broker check' });
    expect(within(check).getByRole('heading', { name: 'Zenith Brokerage' })).toBeTruthy();

    const credit = within(check).getByRole('form', { name: 'Credit check of Zenith Brokerage' });
    await userEvent.click(within(credit).getByRole('radio', { name: 'Needs review' }));
    await userEvent.click(within(credit).getByRole('button', { name: 'Record the check' }));
    expect(await within(credit).findByText('Checked by Marcus Hayes at 03:04pm 11/21/2026')).toBeTruthy();
    expect(callsTo('PUT', `${BROKERS}/broker-company/30/credit-check`)[0]?.body).toEqual({
      result: 'Needs review',
    });

    const blacklist = within(check).getByRole('form', { name: 'Add to the blacklist' });
    await userEvent.type(within(blacklist).getByRole('textbox', { name: 'Reason' }), 'Fake MC number');
    await userEvent.click(within(blacklist).getByRole('button', { name: 'Add to blacklist' }));
    expect(await within(check).findByText('Blacklisted since 03:10pm 11/21/2026')).toBeTruthy();
    expect(callsTo('PUT', `${BROKERS}/broker-company/blacklist/30/update`)[0]?.body).toEqual({
      in_blacklist: true,
      blacklist_reason: 'Fake MC number',
    });
  });
});
