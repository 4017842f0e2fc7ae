import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatUsd } from '@/lib/format';

// The charts of the dashboard, in a chunk of their own (see lazy-charts.tsx): gross and margin in dollars
// as lines, the loads as bars under them, over the same days or weeks.

export type TrendPoint = {
  /** The day's or week's label on the axis, already formatted. */
  label: string;
  gross: number;
  margin: number;
  loads: number;
};

type TrendChartProps = {
  points: readonly TrendPoint[];
  /** Read by screen readers as the chart's name. */
  title: string;
  height?: number;
};

// Room at the right for the last day's label, which the axis centres on the last point.
const MARGIN = { top: 8, right: 24, bottom: 0, left: 4 };
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Dollars on the axis without cents, '$12K' beyond a thousand, so that the axis stays narrow. */
function shortUsd(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `$${Math.round(value / 1_000)}K`;
  return `$${Math.round(value)}`;
}

export default function TrendChart({ points, title, height = 220 }: TrendChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const labels = points.map((point) => point.label);
  const xAxis = [{ scaleType: 'point' as const, data: labels }];
  return (
    <Box sx={{ px: 1, pb: 1 }}>
      <LineChart
        title={title}
        height={height}
        margin={MARGIN}
        skipAnimation
        xAxis={xAxis}
        yAxis={[{ valueFormatter: shortUsd, width: 52 }]}
        series={[
          {
            label: t('dashboard.money.gross'),
            data: points.map((point) => point.gross),
            valueFormatter: (value) => formatUsd(value),
            color: theme.palette.primary.main,
            showMark: points.length <= 14,
            // Straight lines between the days: a smoothed curve would show money no day had.
            curve: 'linear',
          },
          {
            label: t('dashboard.money.margin'),
            data: points.map((point) => point.margin),
            valueFormatter: (value) => formatUsd(value),
            color: theme.palette.success.main,
            showMark: points.length <= 14,
            // Straight lines between the days: a smoothed curve would show money no day had.
            curve: 'linear',
          },
        ]}
        grid={{ horizontal: true }}
      />
      <BarChart
        title={t('dashboard.chart.loadsTitle', { title })}
        height={Math.round(height / 2)}
        margin={MARGIN}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ valueFormatter: (value: number) => count.format(value), width: 52, tickMinStep: 1 }]}
        series={[
          {
            label: t('dashboard.money.loads'),
            data: points.map((point) => point.loads),
            color: theme.palette.info.main,
          },
        ]}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
