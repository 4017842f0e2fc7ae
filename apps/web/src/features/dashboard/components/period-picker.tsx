import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DASHBOARD_PERIODS, MAX_RANGE_DAYS, periodDates } from '@app/domain/dashboard/dashboard.rules';
import type { DashboardPeriodName } from '@app/domain/dashboard/dashboard.rules';
import { choosePeriod, isDashboardPeriod, rangeProblem } from './dashboard-filters-state';
import type { PeriodValue } from './dashboard-filters-state';
import { formatDayRange } from './dashboard-format';

type PeriodPickerProps = {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  /** A phone: the periods as one select instead of a row of buttons. */
  compact?: boolean;
  /** The clock the periods are read at (Eastern days); now unless a test says. */
  now?: () => Date;
};

const DATE_PROPS = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/**
 * The dashboard's period: today, this week, last week (ISO weeks), this month (Eastern days), or a range of
 * two days, which starts from the days shown until then. Beside it, the days the period covers; the range's
 * fields say what keeps it from being asked for (a missing day, the end before the start, too long).
 */
export function PeriodPicker({
  value,
  onChange,
  compact = false,
  now = () => new Date(),
}: PeriodPickerProps) {
  const { t } = useTranslation();
  const choose = (period: DashboardPeriodName) => onChange(choosePeriod(value, period, now()));
  const problem = value.period === 'range' ? rangeProblem(value) : null;
  const toError =
    problem === 'reversed'
      ? t('dashboard.period.reversed')
      : problem === 'tooLong'
        ? t('dashboard.period.tooLong', { days: MAX_RANGE_DAYS })
        : problem === 'incomplete' && value.date_to === ''
          ? t('dashboard.period.required')
          : undefined;
  const fromError =
    problem === 'incomplete' && value.date_from === '' ? t('dashboard.period.required') : undefined;

  return (
    <Box
      role="group"
      aria-label={t('dashboard.period.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      {compact ? (
        <TextField
          select
          label={t('dashboard.period.label')}
          value={value.period}
          onChange={(event) => {
            if (isDashboardPeriod(event.target.value)) choose(event.target.value);
          }}
          sx={{ minWidth: 150 }}
        >
          {DASHBOARD_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`dashboard.period.${period}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.period}
          onChange={(_, period: unknown) => {
            // A click on the chosen button would unselect it: the period stays as it was.
            if (isDashboardPeriod(period)) choose(period);
          }}
        >
          {DASHBOARD_PERIODS.map((period) => (
            <ToggleButton key={period} value={period} sx={{ px: 1.25, py: 0.5, textTransform: 'none' }}>
              {t(`dashboard.period.${period}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {value.period === 'range' ? (
        <>
          <TextField
            {...DATE_PROPS}
            label={t('dashboard.period.from')}
            value={value.date_from}
            error={fromError !== undefined}
            helperText={fromError}
            onChange={(event) => onChange({ ...value, date_from: event.target.value })}
            sx={{ width: 160 }}
          />
          <TextField
            {...DATE_PROPS}
            label={t('dashboard.period.to')}
            value={value.date_to}
            error={toError !== undefined}
            helperText={toError}
            onChange={(event) => onChange({ ...value, date_to: event.target.value })}
            sx={{ width: 160 }}
          />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="period-days">
          {formatDayRange(periodDates({ period: value.period }, now()))}
        </Typography>
      )}
    </Box>
  );
}
