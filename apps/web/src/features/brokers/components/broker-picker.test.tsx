import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import type { FakeCall } from '@/test/render-app';
import { fakeFetch } from '@/test/render-app';
import { BrokerPicker } from './broker-picker';

// The broker screens' picker (brokers check, blacklist): what can be chosen always matches what is typed.

const SEARCH = '/backend/api/v2/brokers/broker-company/search';

const BROKERS: Partial<BrokerCompany>[] = [
  { id: 5, name: 'Acme Logistics', mc_number: '100005', rating: brokerRating(3), in_blacklist: false },
  { id: 6, name: 'Shady Freight', mc_number: '100006', rating: brokerRating(4), in_blacklist: false },
];

const searchRoute = (call: FakeCall) => {
  const name = new URL(call.url, 'http://localhost').searchParams.get('name')?.toLowerCase() ?? '';
  const results = BROKERS.filter((item) => item.name!.toLowerCase().includes(name));
  return { count: results.length, results };
};

describe('the broker picker', () => {
  it('drops the previous answer as soon as the text changes, so a quick click cannot pick another broker', async () => {
    const user = userEvent.setup({ delay: null });
    fakeFetch({ [`GET ${SEARCH}`]: searchRoute });
    const onChange = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <BrokerPicker label="Broker" value={null} onChange={onChange} />
      </AppProviders>,
    );
    const picker = screen.getByRole('combobox', { name: 'Broker' });
    await user.click(picker);
    expect(await screen.findByRole('option', { name: /Acme Logistics/ })).toBeTruthy();

    await user.type(picker, 'shady');
    expect(screen.queryByRole('option', { name: /Acme Logistics/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Shady Freight/ }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 6 }));
  });
});
