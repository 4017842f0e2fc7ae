import type { TFunction } from 'i18next';
import { formatUsd } from '@/lib/format';
import { formatCount, ratePerMileText } from './dashboard-format';
import type { FiguresColumn } from './figures-table';

// The columns the rankings share (loads, miles, gross, margin, rate per mile): the same label, format, sort
// and total in every table, so the dispatchers', drivers' and brokers' rankings read alike.

type Figure = 'loads' | 'miles' | 'gross' | 'margin' | 'rate_per_mile';
type Figures = Partial<Record<Figure, number | null>>;

const LABEL_KEYS: Record<Figure, string> = {
  loads: 'dashboard.columns.loads',
  miles: 'dashboard.money.miles',
  gross: 'dashboard.money.gross',
  margin: 'dashboard.money.margin',
  rate_per_mile: 'dashboard.money.ratePerMile',
};

function figureText(figure: Figure, value: number | null | undefined, t: TFunction): string {
  if (figure === 'rate_per_mile') return ratePerMileText(value ?? null, t);
  if (value === null || value === undefined) return '—';
  return figure === 'gross' || figure === 'margin' ? formatUsd(value) : formatCount(value);
}

/**
 * One figure's column, sorted by the server under the figure's name, with its total when the totals have
 * come; `options` replace what a table shows otherwise (a link in the cell, secondary on a phone).
 */
export function figureColumn<Row extends Figures, Sort extends string>(
  figure: Figure & Sort,
  t: TFunction,
  totals: Figures | undefined,
  options: Partial<FiguresColumn<Row, Sort>> = {},
): FiguresColumn<Row, Sort> {
  return {
    key: figure,
    label: t(LABEL_KEYS[figure]),
    sort: figure,
    render: (row) => figureText(figure, row[figure], t),
    total: totals && figureText(figure, totals[figure], t),
    ...options,
  };
}
