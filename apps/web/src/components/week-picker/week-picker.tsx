import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import {
  isoWeeksInYear,
  nextPayWeek,
  payWeekDates,
  previousPayWeek,
  type PayWeek,
} from '@app/domain/accounting/pay-weeks.rules';
import type { Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

type WeekPickerProps = {
  /** The accounting week; null for every week. */
  value: PayWeek | null;
  onChange: (week: PayWeek | null) => void;
  /** Where "every week" steps from and which year a week is first chosen in; this week (Eastern) by default. */
  thisWeek?: PayWeek;
};

/** A calendar day 'YYYY-MM-DD' as MM/DD/YYYY, in Russian DD.MM.YYYY (a date: no time zone to apply). */
function formatDay(day: string, lang: Lang): string {
  const [year, month, date] = day.split('-');
  return lang === 'ru' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

/** The years offered: two back and one ahead of this week's, and the one shown. */
function yearsAround(thisYear: number, shown: number | undefined): number[] {
  const years = new Set([thisYear - 2, thisYear - 1, thisYear, thisYear + 1]);
  if (shown !== undefined) years.add(shown);
  return [...years].sort((a, b) => a - b);
}

/**
 * The accounting week of a list: the ISO week (Monday to Sunday, Eastern) and its year, the previous and
 * next week, the week's days, and "Every week". From every week, Previous and Next step from this week, and
 * a week chosen from the list is of this week's year.
 */
export function WeekPicker({ value, onChange, thisWeek = accountingWeekOf(new Date()) }: WeekPickerProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const weeks = isoWeeksInYear(value?.year ?? thisWeek.year);
  const dates = value ? payWeekDates(value) : null;
  return (
    <Box
      role="group"
      aria-label={t('weekPicker.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
    >
      <IconButton
        size="small"
        aria-label={t('weekPicker.previous')}
        onClick={() => onChange(previousPayWeek(value ?? thisWeek))}
      >
        <ChevronLeft fontSize="small" />
      </IconButton>
      <TextField
        select
        size="small"
        label={t('weekPicker.week')}
        value={value?.week ?? ''}
        onChange={(event) => {
          const week = event.target.value === '' ? null : Number(event.target.value);
          onChange(week === null ? null : { year: value?.year ?? thisWeek.year, week });
        }}
        sx={{ minWidth: 110 }}
      >
        <MenuItem value="">{t('weekPicker.every')}</MenuItem>
        {Array.from({ length: weeks }, (_, index) => index + 1).map((week) => (
          <MenuItem key={week} value={week} dense>
            {week}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('weekPicker.year')}
        value={value?.year ?? ''}
        disabled={!value}
        onChange={(event) => {
          const year = Number(event.target.value);
          if (value) onChange({ year, week: Math.min(value.week, isoWeeksInYear(year)) });
        }}
        sx={{ minWidth: 96 }}
      >
        {yearsAround(thisWeek.year, value?.year).map((year) => (
          <MenuItem key={year} value={year} dense>
            {year}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        size="small"
        aria-label={t('weekPicker.next')}
        onClick={() => onChange(nextPayWeek(value ?? thisWeek))}
      >
        <ChevronRight fontSize="small" />
      </IconButton>
      <Typography variant="body2" color="text.secondary" sx={{ ml: 0.5 }} aria-live="polite">
        {dates ? `${formatDay(dates.start, lang)} – ${formatDay(dates.end, lang)}` : t('weekPicker.allWeeks')}
      </Typography>
    </Box>
  );
}
