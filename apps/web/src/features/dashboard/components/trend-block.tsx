import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import type { Graphs } from '@app/domain/dashboard/dashboard.schema';
import { EmptyState } from '@/components/empty-state';
import type { QueryParams } from '@/lib/http-client';
import { formatUsd } from '@/lib/format';
import { useGraphs } from '../api/graphs';
import { DashboardBlock } from './dashboard-block';
import { formatCount, formatShortDay } from './dashboard-format';
import { LazyTrendChart } from './lazy-trend-chart';
import type { TrendPoint } from './trend-chart';

type Step = 'day' | 'week';

/** Days up to a month and a half; weeks beyond, where a point per day would crowd the axis. */
const DAYS_SHOWN_UP_TO = 45;

export function trendPoints(graphs: Graphs, step: Step, t: TFunction) {
  return step === 'day'
    ? graphs.days.map((day): TrendPoint => ({ ...day, label: formatShortDay(day.date) }))
    : graphs.weeks.map((week): TrendPoint => ({
        ...week,
        label: t('dashboard.chart.week', { week: week.week }),
      }));
}

/**
 * Gross, margin and loads of the period per day or per ISO week (graphs/all), with the period's totals.
 * The chart's code arrives after the numbers; a period without loads says so instead of flat lines.
 */
export function TrendBlock({ query, title }: { query: QueryParams; title: string }) {
  const { t } = useTranslation();
  const graphs = useGraphs(query);
  const [chosen, setChosen] = useState<Step | null>(null);
  const days = graphs.data?.days.length ?? 0;
  const step: Step = chosen ?? (days > DAYS_SHOWN_UP_TO ? 'week' : 'day');
  return (
    <DashboardBlock
      title={title}
      query={graphs}
      actions={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={step}
          aria-label={t('dashboard.chart.step')}
          onChange={(_, next: unknown) => {
            if (next === 'day' || next === 'week') setChosen(next);
          }}
        >
          <ToggleButton value="day" sx={{ py: 0.25, textTransform: 'none' }}>
            {t('dashboard.chart.perDay')}
          </ToggleButton>
          <ToggleButton value="week" sx={{ py: 0.25, textTransform: 'none' }}>
            {t('dashboard.chart.perWeek')}
          </ToggleButton>
        </ToggleButtonGroup>
      }
      isEmpty={(data) => data.total.loads === 0}
      empty={
        <EmptyState
          compact
          icon={<ShowChartOutlined />}
          title={t('dashboard.empty.noLoads')}
          description={t('dashboard.empty.noLoadsHint')}
        />
      }
    >
      {(data) => (
        <>
          <Box
            component="dl"
            aria-label={t('dashboard.chart.totals')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, px: 1.5, pt: 1 }}
          >
            {(
              [
                ['gross', formatUsd(data.total.gross)],
                ['margin', formatUsd(data.total.margin)],
                ['loads', formatCount(data.total.loads)],
              ] as const
            ).map(([name, value]) => (
              <Box key={name} sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t(`dashboard.money.${name}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <LazyTrendChart points={trendPoints(data, step, t)} title={title} />
        </>
      )}
    </DashboardBlock>
  );
}
