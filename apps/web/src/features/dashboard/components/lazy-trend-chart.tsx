import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import { LoadingState } from '@/components/loading-state';

// The charting library is the largest part of the dashboard: it is fetched when a chart is first drawn,
// after the numbers and tables are already on screen.
const TrendChart = lazy(() => import('./trend-chart'));

export type LazyTrendChartProps = ComponentProps<typeof TrendChart>;

export function LazyTrendChart(props: LazyTrendChartProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <TrendChart {...props} />
    </Suspense>
  );
}
