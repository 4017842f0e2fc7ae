import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { i18n } from '@/i18n/i18n';
import { WeekPicker } from './week-picker';

// Week 10 of 2026 is Monday 2 to Sunday 8 March; 2026 has 53 ISO weeks, 2027 has 52.
const THIS_WEEK: PayWeek = { year: 2026, week: 10 };

function Harness({
  initial,
  onChange,
}: {
  initial: PayWeek | null;
  onChange: (week: PayWeek | null) => void;
}) {
  const [value, setValue] = useState<PayWeek | null>(initial);
  return (
    <WeekPicker
      value={value}
      thisWeek={THIS_WEEK}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderPicker(initial: PayWeek | null) {
  const onChange = vi.fn<(week: PayWeek | null) => void>();
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, group: screen.getByRole('group', { name: 'Accounting week' }) };
}

describe('the week picker', () => {
  it("shows the week's days and steps to the previous and next week across the year's end", async () => {
    const { onChange, group } = renderPicker({ year: 2026, week: 1 });
    expect(within(group).getByText('12/29/2025 – 01/04/2026')).toBeTruthy();
    await userEvent.click(within(group).getByRole('button', { name: 'Previous week' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, week: 52 });
    expect(within(group).getByText('12/22/2025 – 12/28/2025')).toBeTruthy();
    await userEvent.click(within(group).getByRole('button', { name: 'Next week' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Next week' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, week: 2 });
  });

  it('steps from this week when every week is shown, Previous included', async () => {
    const { onChange, group } = renderPicker(null);
    expect(within(group).getByText('All weeks')).toBeTruthy();
    expect(within(group).getByRole('combobox', { name: 'Year' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Previous week' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, week: 9 });
    expect(within(group).getByText('02/23/2026 – 03/01/2026')).toBeTruthy();
  });

  it('chooses a week of the shown year, every week, and keeps the week within a shorter year', async () => {
    const { onChange, group } = renderPicker({ year: 2026, week: 53 });
    await userEvent.click(within(group).getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: '2027' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2027, week: 52 });
    await userEvent.click(within(group).getByRole('combobox', { name: 'Week' }));
    expect(screen.queryByRole('option', { name: '53' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Every week' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.click(within(group).getByRole('combobox', { name: 'Week' }));
    await userEvent.click(await screen.findByRole('option', { name: '12' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, week: 12 });
  });

  it('speaks Russian: its labels and the days as DD.MM.YYYY', async () => {
    await act(() => i18n.changeLanguage('ru'));
    render(<WeekPicker value={THIS_WEEK} thisWeek={THIS_WEEK} onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Учётная неделя' });
    expect(within(group).getByText('02.03.2026 – 08.03.2026')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Предыдущая неделя' })).toBeTruthy();
  });
});
