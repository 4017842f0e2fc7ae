import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import type { FakeCall } from '@/test/render-app';
import { field, messageOf, renderLoadForm, validLoadValues } from './load-form.test-utils';

// The load form's broker company pickers against GET brokers/broker-company/search {name}.

const SEARCH = '/backend/api/v2/brokers/broker-company/search';

function broker(id: number, name: string, extra: Partial<BrokerCompany> = {}): Partial<BrokerCompany> {
  return {
    id,
    name,
    mc_number: String(100_000 + id),
    rating: brokerRating(3),
    in_blacklist: false,
    ...extra,
  };
}

const BROKERS = [
  broker(5, 'Acme Logistics', { phone: '(717) 555-0123', email: 'loads@acme.test' }),
  broker(6, 'Shady Freight', { rating: brokerRating(4), in_blacklist: true }),
];

/** The search: brokers whose name holds the text, the first ones when it is empty. */
const searchRoute = (call: FakeCall) => {
  const name = new URL(call.url, 'http://localhost').searchParams.get('name')?.toLowerCase() ?? '';
  const results = BROKERS.filter((item) => item.name!.toLowerCase().includes(name));
  return { count: results.length, results };
};

describe('the broker company pickers of the load form', () => {
  it('lists the first brokers on opening, searches what is typed and sets the accounting broker company of an active load', async () => {
    const user = userEvent.setup({ delay: null });
    const values = validLoadValues({ rateconf_ref: 'RC-7' });
    values.points[0]!.is_active = true;
    const onSubmit = vi.fn((_values: LoadFormValues) => Promise.resolve());
    const { callsTo } = renderLoadForm(
      { kind: 'active', initialValues: values, onSubmit },
      { [`GET ${SEARCH}`]: searchRoute },
    );
    const picker = screen.getByRole<HTMLInputElement>('combobox', { name: /Accounting broker company/ });

    await user.click(picker);
    expect(await screen.findByRole('option', { name: /Acme Logistics/ })).toBeTruthy();
    // A blacklisted broker carries the mark the load lists show, with its MC number.
    const shady = screen.getByRole('option', { name: /Shady Freight/ });
    expect(shady.textContent).toContain('MC-100006');
    expect(shady.textContent).toContain('Blacklisted broker');

    await user.type(picker, 'shady');
    await waitFor(() =>
      expect(
        callsTo('GET', SEARCH).map((call) => new URL(call.url, 'http://x').searchParams.get('name')),
      ).toContain('shady'),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: /Acme Logistics/ })).toBeNull());
    await user.click(screen.getByRole('option', { name: /Shady Freight/ }));
    expect(picker.value).toBe('Shady Freight');
    // Chosen anyway, the warning stays under the field.
    expect(messageOf(picker)).toBe('Blacklisted broker');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].accounting_broker_company).toEqual({ id: 6, name: 'Shady Freight' });
  });

  it('offers nothing of the previous answer until the search for the typed text has answered', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({}, { [`GET ${SEARCH}`]: searchRoute });
    const picker = screen.getByRole<HTMLInputElement>('combobox', { name: 'Broker company' });
    await user.click(picker);
    expect(await screen.findByRole('option', { name: /Acme Logistics/ })).toBeTruthy();

    await user.type(picker, 'shady');
    // Typed, not yet searched: the unfiltered list is gone at once, so a quick click cannot pick Acme.
    expect(screen.queryByRole('option', { name: /Acme Logistics/ })).toBeNull();
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(await screen.findByRole('option', { name: /Shady Freight/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Acme Logistics/ })).toBeNull();
  });

  it("fills the broker's phone and e-mail into the contact fields that are empty", async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm(
      { initialValues: validLoadValues({ broker_phone: '', reply_email: 'desk@broker.test' }) },
      { [`GET ${SEARCH}`]: searchRoute },
    );
    await user.click(screen.getByRole('combobox', { name: 'Broker company' }));
    await user.click(await screen.findByRole('option', { name: /Acme Logistics/ }));

    expect(field(/Broker phone/).value).toBe('(717) 555-0123');
    // Typed by the user: kept.
    expect(field(/Reply e-mail/).value).toBe('desk@broker.test');
  });

  it('says when the search fails', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({}, { [`GET ${SEARCH}`]: () => new Response('{}', { status: 500 }) });
    await user.click(screen.getByRole('combobox', { name: 'Broker company' }));
    expect(await screen.findByText('Could not search broker companies')).toBeTruthy();
  });
});
