import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  isoWeeksInYear,
  nextPayWeek,
  payWeekDates,
  previousPayWeek,
  type PayWeek,
} from '@app/domain/accounting/pay-weeks.rules';
import { easternYear } from '@app/domain/common/time';
import { formatWeekDays } from './pay-format';

type WeekPickerProps = {
  /** The accounting week; null for every week. */
  value: PayWeek | null;
  onChange: (week: PayWeek | null) => void;
  /** The week offered when going back from every week to one. */
  thisWeek: PayWeek;
};

/** The years offered: two back and one ahead of this one (Eastern), and the one shown. */
function yearsAround(shown: number | undefined): number[] {
  const now = easternYear(new Date());
  const years = new Set([now - 2, now - 1, now, now + 1, ...(shown === undefined ? [] : [shown])]);
  return [...years].sort((a, b) => a - b);
}

/**
 * The accounting week of a pay list: the week and its year (ISO weeks, Monday to Sunday), the previous and
 * next week, and the week's days; "Every week" lists them all.
 */
export function WeekPicker({ value, onChange, thisWeek }: WeekPickerProps) {
  const { t } = useTranslation();
  const weeks = value ? isoWeeksInYear(value.year) : 52;
  const dates = value ? payWeekDates(value) : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <IconButton
        size="small"
        aria-label={t('payments.week.previous')}
        disabled={!value}
        onClick={() => value && onChange(previousPayWeek(value))}
      >
        <ChevronLeft fontSize="small" />
      </IconButton>
      <TextField
        select
        size="small"
        label={t('payments.week.week')}
        value={value?.week ?? ''}
        onChange={(event) => {
          const week = event.target.value === '' ? null : Number(event.target.value);
          onChange(week === null ? null : { year: value?.year ?? thisWeek.year, week });
        }}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">{t('payments.week.every')}</MenuItem>
        {Array.from({ length: weeks }, (_, index) => index + 1).map((week) => (
          <MenuItem key={week} value={week} dense>
            {week}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('payments.week.year')}
        value={value?.year ?? ''}
        disabled={!value}
        onChange={(event) => {
          const year = Number(event.target.value);
          if (value) onChange({ year, week: Math.min(value.week, isoWeeksInYear(year)) });
        }}
        sx={{ minWidth: 100 }}
      >
        {yearsAround(value?.year).map((year) => (
          <MenuItem key={year} value={year} dense>
            {year}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        size="small"
        aria-label={t('payments.week.next')}
        disabled={!value}
        onClick={() => value && onChange(nextPayWeek(value))}
      >
        <ChevronRight fontSize="small" />
      </IconButton>
      <Typography variant="body2" color="text.secondary" sx={{ ml: 0.5 }} aria-live="polite">
        {dates ? formatWeekDays(dates.start, dates.end) : t('payments.week.allWeeks')}
      </Typography>
    </Box>
  );
}
