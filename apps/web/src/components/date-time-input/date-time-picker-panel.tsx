import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { compareWallTimes, wallTimeInZone, type WallTime } from '@app/domain/common/time';
import type { WallTimeRange } from '@app/domain/loads/load-form.rules';

// The picker's popover: a month calendar (arrow keys move between days, Page Up and Page Down between
// months) and a 24-hour time with the minute step. Every choice is a clock reading with no time zone;
// "today" is today in Eastern time, as every date the product shows.

type Day = { year: number; month: number; day: number };

export type DateTimePickerPanelProps = {
  value: WallTime | null;
  range: WallTimeRange;
  minuteStep: number;
  onChoose: (value: WallTime) => void;
  onClear: () => void;
  onDone: () => void;
};

const pad2 = (value: number) => String(value).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day `offset` days after `day` (before, when negative). */
function addDays(day: Day, offset: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + offset));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The same day of the month `offset` months later, held to the month's last day. */
function addMonths(day: Day, offset: number): Day {
  const first = new Date(Date.UTC(day.year, day.month - 1 + offset, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

const dayValue = (day: Day) => Date.UTC(day.year, day.month - 1, day.day);
const sameDay = (a: Day | null, b: Day | null) =>
  a !== null && b !== null && a.year === b.year && a.month === b.month && a.day === b.day;

function clampDay(day: Day, range: WallTimeRange): Day {
  if (dayValue(day) < dayValue(range.min)) return range.min;
  if (dayValue(day) > dayValue(range.max)) return range.max;
  return day;
}

function clampReading(value: WallTime, range: WallTimeRange): WallTime {
  if (compareWallTimes(value, range.min) < 0) return range.min;
  if (compareWallTimes(value, range.max) > 0) return range.max;
  return value;
}

/** Monday-first weeks in Russian, Sunday-first in English. */
function firstWeekday(lang: string): number {
  return lang.startsWith('ru') ? 1 : 0;
}

/** The days shown for a month: whole weeks, null where a day belongs to the next or previous month. */
function monthGrid(year: number, month: number, weekStart: number): (Day | null)[] {
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() - weekStart + 7) % 7;
  const cells: (Day | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

function minuteOptions(step: number, current: number | null): number[] {
  const minutes: number[] = [];
  for (let minute = 0; minute < 60; minute += step) minutes.push(minute);
  if (current !== null && !minutes.includes(current)) minutes.push(current);
  return minutes.sort((a, b) => a - b);
}

export function DateTimePickerPanel({
  value,
  range,
  minuteStep,
  onChoose,
  onClear,
  onDone,
}: DateTimePickerPanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const now = wallTimeInZone(new Date());
  const today: Day = { year: now.year, month: now.month, day: now.day };
  const [focused, setFocused] = useState<Day>(() => clampDay(value ?? today, range));
  const [focusWithinGrid, setFocusWithinGrid] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);

  // After a key moved the focused day, the focus follows it (the grid has one tab stop).
  useEffect(() => {
    if (!focusWithinGrid) return;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused, focusWithinGrid]);

  const defaultTime = {
    hour: now.hour,
    minute: Math.floor(now.minute / minuteStep) * minuteStep,
  };
  const time = value ? { hour: value.hour, minute: value.minute } : defaultTime;

  const chooseDay = (day: Day) => {
    setFocused(day);
    onChoose(clampReading({ ...day, ...time }, range));
  };
  const chooseTime = (change: Partial<Pick<WallTime, 'hour' | 'minute'>>) => {
    const day = value ?? clampDay(today, range);
    onChoose(clampReading({ ...day, ...time, ...change }, range));
  };

  const weekStart = firstWeekday(lang);
  const cells = monthGrid(focused.year, focused.month, weekStart);
  const monthTitle = new Intl.DateTimeFormat(lang, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(focused.year, focused.month - 1, 1));
  const weekdayFormat = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  const dayLabelFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    weekdayFormat.format(Date.UTC(2023, 0, 1 + ((index + weekStart) % 7))),
  );

  const inRange = (day: Day) => dayValue(day) >= dayValue(range.min) && dayValue(day) <= dayValue(range.max);
  const canGoBack = dayValue({ year: focused.year, month: focused.month, day: 1 }) > dayValue(range.min);
  const canGoForward =
    dayValue({ year: focused.year, month: focused.month, day: daysInMonth(focused.year, focused.month) }) <
    dayValue(range.max);

  const moveFocus = (next: Day) => setFocused(clampDay(next, range));

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => ({ ...focused, day: 1 }),
      End: () => ({ ...focused, day: daysInMonth(focused.year, focused.month) }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocusWithinGrid(true);
    moveFocus(move());
  };

  const hourOptions = Array.from({ length: 24 }, (_, hour) => hour);

  return (
    <Box sx={{ p: 1.5, width: 292 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <IconButton
          aria-label={t('dateTimeInput.previousMonth')}
          disabled={!canGoBack}
          onClick={() => moveFocus(addMonths(focused, -1))}
        >
          <ChevronLeft fontSize="small" />
        </IconButton>
        <Typography variant="subtitle2" aria-live="polite" sx={{ textTransform: 'capitalize' }}>
          {monthTitle}
        </Typography>
        <IconButton
          aria-label={t('dateTimeInput.nextMonth')}
          disabled={!canGoForward}
          onClick={() => moveFocus(addMonths(focused, 1))}
        >
          <ChevronRight fontSize="small" />
        </IconButton>
      </Stack>
      <Box
        ref={gridRef}
        role="grid"
        aria-label={monthTitle}
        onKeyDown={onGridKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithinGrid(false);
        }}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px', textAlign: 'center' }}
      >
        {weekdays.map((name) => (
          <Typography
            key={name}
            role="columnheader"
            variant="caption"
            color="text.secondary"
            sx={{ py: 0.5 }}
          >
            {name}
          </Typography>
        ))}
        {cells.map((day, index) => {
          if (!day) return <Box key={`blank-${index}`} role="gridcell" />;
          const selected = sameDay(day, value);
          const isToday = sameDay(day, today);
          return (
            <Box key={day.day} role="gridcell" aria-selected={selected}>
              <Button
                tabIndex={sameDay(day, focused) ? 0 : -1}
                aria-label={dayLabelFormat.format(dayValue(day))}
                aria-current={isToday ? 'date' : undefined}
                disabled={!inRange(day)}
                variant={selected ? 'contained' : isToday ? 'outlined' : 'text'}
                color={selected || isToday ? 'primary' : 'inherit'}
                onClick={() => chooseDay(day)}
                onFocus={() => setFocused(day)}
                sx={{ minWidth: 0, width: '100%', minHeight: 32, px: 0, fontVariantNumeric: 'tabular-nums' }}
              >
                {day.day}
              </Button>
            </Box>
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
        <TextField
          select
          label={t('dateTimeInput.hour')}
          value={time.hour}
          onChange={(event) => chooseTime({ hour: Number(event.target.value) })}
          slotProps={{ select: { native: true } }}
          sx={{ flex: 1 }}
        >
          {hourOptions.map((hour) => (
            <option key={hour} value={hour}>
              {pad2(hour)}
            </option>
          ))}
        </TextField>
        <Typography aria-hidden>:</Typography>
        <TextField
          select
          label={t('dateTimeInput.minute')}
          value={time.minute}
          onChange={(event) => chooseTime({ minute: Number(event.target.value) })}
          slotProps={{ select: { native: true } }}
          sx={{ flex: 1 }}
        >
          {minuteOptions(minuteStep, value?.minute ?? null).map((minute) => (
            <option key={minute} value={minute}>
              {pad2(minute)}
            </option>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onClear}>{t('dateTimeInput.clear')}</Button>
        <Button variant="contained" onClick={onDone}>
          {t('dateTimeInput.done')}
        </Button>
      </Stack>
    </Box>
  );
}
