import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { SearchPicker } from './search-picker';
import type { PickerOption } from './search-picker';

// The search pickers of the lists and forms: what can be chosen always matches what is typed.

const BROKERS: PickerOption[] = [
  { id: 5, label: 'Acme Logistics', detail: null },
  { id: 6, label: 'Shady Freight', detail: null },
];

const search = (text: string) =>
  Promise.resolve(BROKERS.filter((option) => option.label.toLowerCase().includes(text.toLowerCase())));

describe('the search picker', () => {
  it('drops the previous answer as soon as the text changes, so a quick click cannot pick another record', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SearchPicker kind="broker" label="Broker" search={search} value={null} onChange={onChange} />
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
