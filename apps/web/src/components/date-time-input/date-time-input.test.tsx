import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { wallTimeInZone, type WallTime } from '@app/domain/common/time';
import { DateTimeInput } from './date-time-input';

const YEAR = wallTimeInZone(new Date()).year;

function Harness(props: {
  onChange: (value: string | null) => void;
  initial?: string | null;
  exactTime?: boolean;
  range?: { min?: WallTime | null; max?: WallTime | null };
}) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label="Harness">
      <DateTimeInput
        label="Pick-up date"
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onChange(next);
        }}
        exactTime={props.exactTime}
        range={props.range}
      />
      <button type="button">Elsewhere</button>
    </form>
  );
}

function renderInput(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onChange = vi.fn<(value: string | null) => void>();
  render(<Harness onChange={onChange} {...props} />);
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Pick-up date' });
  return { onChange, input };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DateTimeInput', () => {
  it('takes typed text 500 ms after the last key, as MM/DD/YYYY HH:mm', () => {
    vi.useFakeTimers();
    const { onChange, input } = renderInput();

    fireEvent.change(input, { target: { value: `3/5/${YEAR} 8:0` } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.change(input, { target: { value: `3/5/${YEAR} 8:05` } });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(`03/05/${YEAR} 08:05`);

    fireEvent.blur(input);
    expect(input.value).toBe(`03/05/${YEAR} 08:05`);
  });

  it('keeps the clock reading as typed, with no time-zone conversion', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderInput();
    // 02:30 on the day US clocks go forward does not exist in Eastern time; the picker does not care.
    await user.type(input, `03/08/${YEAR} 23:59`);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(`03/08/${YEAR} 23:59`);
    expect(input.value).toBe(`03/08/${YEAR} 23:59`);
  });

  it.each([
    ['text that is not a date', 'tomorrow'],
    ['a day that does not exist', `02/30/${YEAR} 10:00`],
    ['an hour past 23', `01/10/${YEAR} 24:00`],
    ['a half-typed date', `01/10/${YEAR}`],
  ])('clears %s when the user leaves the input', async (_case, typed) => {
    const user = userEvent.setup();
    const { onChange, input } = renderInput({ initial: `01/02/${YEAR} 10:00` });
    await user.clear(input);
    await user.type(input, typed);
    await user.tab();
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('clears invalid text on Enter, which does not submit the form around it', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const onChange = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <DateTimeInput label="Date" value={null} onChange={onChange} />
        <button type="submit">Save</button>
      </form>,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Date' });
    await user.type(input, '99/99/9999 99:99{Enter}');
    expect(input.value).toBe('');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('offers dates from the start of last year to the end of next year unless a range is given', async () => {
    const user = userEvent.setup();
    const { input } = renderInput();
    await user.type(input, `01/01/${YEAR - 1} 00:00`);
    await user.tab();
    expect(input.value).toBe(`01/01/${YEAR - 1} 00:00`);

    await user.clear(input);
    await user.type(input, `12/31/${YEAR - 2} 23:59`);
    await user.tab();
    expect(input.value).toBe('');

    await user.type(input, `12/31/${YEAR + 1} 23:59`);
    await user.tab();
    expect(input.value).toBe(`12/31/${YEAR + 1} 23:59`);

    await user.clear(input);
    await user.type(input, `01/01/${YEAR + 2} 00:00`);
    await user.tab();
    expect(input.value).toBe('');
  });

  it('keeps to a given range', async () => {
    const user = userEvent.setup();
    const { input } = renderInput({ range: { min: { year: YEAR, month: 6, day: 1, hour: 8, minute: 0 } } });
    await user.type(input, `06/01/${YEAR} 07:55`);
    await user.tab();
    expect(input.value).toBe('');
    await user.type(input, `06/01/${YEAR} 08:00`);
    await user.tab();
    expect(input.value).toBe(`06/01/${YEAR} 08:00`);
  });

  it('shows an API date-time as the Eastern clock reading', () => {
    renderInput({ initial: '2026-01-15T13:30:00Z' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Pick-up date' }).value).toBe(
      '01/15/2026 08:30',
    );
  });

  it('picks a day and a time on a 24-hour clock with a 5-minute step', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderInput({ initial: `06/10/${YEAR} 14:20` });
    await user.click(screen.getByRole('button', { name: 'Open the calendar: Pick-up date' }));
    const picker = await screen.findByRole('dialog', { name: 'Pick-up date' });

    const hours = within(picker).getByRole('combobox', { name: 'Hour' });
    expect(
      within(hours)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')));
    const minutes = within(picker).getByRole('combobox', { name: 'Minute' });
    expect(
      within(minutes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);

    await user.click(within(picker).getByRole('button', { name: `June 21, ${YEAR}` }));
    expect(onChange).toHaveBeenLastCalledWith(`06/21/${YEAR} 14:20`);
    await user.selectOptions(hours, '17');
    expect(onChange).toHaveBeenLastCalledWith(`06/21/${YEAR} 17:20`);
    await user.selectOptions(minutes, '45');
    expect(onChange).toHaveBeenLastCalledWith(`06/21/${YEAR} 17:45`);
    expect(input.value).toBe(`06/21/${YEAR} 17:45`);
  });

  it('steps minutes by 1 when an exact time is asked for', async () => {
    const user = userEvent.setup();
    renderInput({ exactTime: true });
    await user.click(screen.getByRole('button', { name: 'Open the calendar: Pick-up date' }));
    const picker = await screen.findByRole('dialog', { name: 'Pick-up date' });
    const minutes = within(picker).getByRole('combobox', { name: 'Minute' });
    expect(within(minutes).getAllByRole('option')).toHaveLength(60);
  });

  it('moves between days with the arrow keys and picks one with Enter', async () => {
    const user = userEvent.setup();
    const { onChange } = renderInput({ initial: `06/10/${YEAR} 09:00` });
    await user.click(screen.getByRole('button', { name: 'Open the calendar: Pick-up date' }));
    const picker = await screen.findByRole('dialog', { name: 'Pick-up date' });
    within(picker)
      .getByRole('button', { name: `June 10, ${YEAR}` })
      .focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(`06/18/${YEAR} 09:00`);
  });
});
