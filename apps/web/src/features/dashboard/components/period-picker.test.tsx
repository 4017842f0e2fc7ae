import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PeriodValue } from './dashboard-filters-state';
import { PeriodPicker } from './period-picker';

// The period picker on a fixed clock: each period's Eastern days, a range that starts from the period
// shown until then, and what keeps a range from being asked for.

const changes: PeriodValue[] = [];

function Harness({ now, compact = false }: { now: string; compact?: boolean }) {
  const [value, setValue] = useState<PeriodValue>({ period: 'this_week', date_from: '', date_to: '' });
  return (
    <PeriodPicker
      value={value}
      compact={compact}
      now={() => new Date(now)}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const days = () => screen.getByTestId('period-days').textContent;
const FRIDAY_NOON_EASTERN = '2026-11-27T17:00:00Z';

describe('the period picker', () => {
  it('shows the Eastern days of today, this week, last week and this month (ISO weeks, Monday first)', async () => {
    render(<Harness now={FRIDAY_NOON_EASTERN} />);
    expect(screen.getByRole('button', { name: 'This week' }).getAttribute('aria-pressed')).toBe('true');
    expect(days()).toBe('11/23/2026 – 11/29/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(days()).toBe('11/27/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
    expect(days()).toBe('11/16/2026 – 11/22/2026');
    await userEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect(days()).toBe('11/01/2026 – 11/30/2026');
  });

  it('reads the days in Eastern time: late on Sunday evening it is still Sunday and this week', async () => {
    // 22:30 Eastern on Sunday, November 29 is already Monday in UTC.
    render(<Harness now="2026-11-30T03:30:00Z" />);
    expect(days()).toBe('11/23/2026 – 11/29/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(days()).toBe('11/29/2026');
  });

  it('starts a range from the period shown until then and says when its end is before its start', async () => {
    changes.length = 0;
    render(<Harness now={FRIDAY_NOON_EASTERN} />);
    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Range' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect([(from as HTMLInputElement).value, (to as HTMLInputElement).value]).toEqual([
      '2026-11-16',
      '2026-11-22',
    ]);
    expect(changes.at(-1)).toEqual({ period: 'range', date_from: '2026-11-16', date_to: '2026-11-22' });
    fireEvent.change(to, { target: { value: '2026-11-10' } });
    expect(screen.getByText('Must not be before From')).toBeTruthy();
    fireEvent.change(to, { target: { value: '2027-12-01' } });
    expect(screen.getByText('At most 366 days')).toBeTruthy();
    fireEvent.change(from, { target: { value: '' } });
    expect(screen.getByText('Choose a day')).toBeTruthy();
  });

  it('is used with the keyboard: Space or Enter on a period chooses it', async () => {
    render(<Harness now={FRIDAY_NOON_EASTERN} />);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Today');
    await userEvent.keyboard(' ');
    expect(days()).toBe('11/27/2026');
    screen.getByRole('button', { name: 'Last week' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Last week' }).getAttribute('aria-pressed')).toBe('true');
    expect(days()).toBe('11/16/2026 – 11/22/2026');
  });

  it('on a phone is one select of the periods', async () => {
    render(<Harness now={FRIDAY_NOON_EASTERN} compact />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Today',
      'This week',
      'Last week',
      'This month',
      'Range',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'This month' }));
    expect(days()).toBe('11/01/2026 – 11/30/2026');
  });
});
