import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { DashboardBlock } from './dashboard-block';
import { FiguresTable, type FiguresColumn } from './figures-table';
import type { useFiguresList } from './use-figures-list';

type RankingBlockProps<Row, Sort extends string> = {
  title: string;
  query: UseQueryResult<{ count: number; results: Row[] }>;
  emptyIcon: ReactNode;
  emptyTitle: string;
  columns: readonly FiguresColumn<Row, Sort>[];
  rowKey: (row: Row) => number;
  table: ReturnType<typeof useFiguresList<Sort>>['table'];
  onOpen?: (row: Row) => void;
  /** Shown above the table (a block's own facts) and below it (a drawer it opens). */
  before?: ReactNode;
  after?: ReactNode;
};

/** A ranking of the dashboard (dispatchers, drivers, brokers): its block, its empty state and its table. */
export function RankingBlock<Row, Sort extends string>({
  title,
  query,
  emptyIcon,
  emptyTitle,
  columns,
  rowKey,
  table,
  onOpen,
  before,
  after,
}: RankingBlockProps<Row, Sort>) {
  const { t } = useTranslation();
  return (
    <DashboardBlock
      title={title}
      query={query}
      isEmpty={(data) => data.results.length === 0}
      empty={
        <EmptyState
          compact
          icon={emptyIcon}
          title={emptyTitle}
          description={t('dashboard.empty.noLoadsHint')}
        />
      }
    >
      {(data) => (
        <>
          {before}
          <FiguresTable
            label={title}
            columns={columns}
            rows={data.results}
            rowKey={rowKey}
            totalsLabel={t('dashboard.columns.total')}
            count={data.count}
            onOpen={onOpen}
            {...table}
          />
          {after}
        </>
      )}
    </DashboardBlock>
  );
}
