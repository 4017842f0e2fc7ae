import { useTranslation } from 'react-i18next';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { DISPATCHER_SORTS } from '@app/domain/dashboard/dashboard.schema';
import { type DispatcherRow } from '@app/domain/dashboard/dashboard.schema';
import { EmptyState } from '@/components/empty-state';
import type { QueryParams } from '@/lib/http-client';
import { useDispatcherFigures } from '../api/dispatchers';
import { LOAD_LIST_PATHS } from './count-stats-tiles';
import { DashboardBlock } from './dashboard-block';
import { formatCount } from './dashboard-format';
import { figureColumn } from './figure-columns';
import { FiguresTable, type FiguresColumn } from './figures-table';
import { SummaryLink } from './summary-link';
import { useFiguresList } from './use-figures-list';

type DispatcherSort = (typeof DISPATCHER_SORTS)[number];

/**
 * Per dispatcher (dispatchers/all): loads booked, gross, margin, bids sent and won in the period, sorted by
 * the server, with the totals. A dispatcher's loads lead to the active loads list (which takes no filter in
 * the address).
 */
export function DispatchersBlock({ filters }: { filters: QueryParams }) {
  const { t } = useTranslation();
  const { query, table } = useFiguresList<DispatcherSort>(filters, 'gross');
  const list = useDispatcherFigures(query);
  const title = t('dashboard.blocks.dispatchers');
  const totals = list.data?.totals;
  const columns: FiguresColumn<DispatcherRow, DispatcherSort>[] = [
    { key: 'name', label: t('dashboard.columns.dispatcher'), render: (row) => row.dispatcher.full_name },
    {
      key: 'loads',
      label: t('dashboard.columns.loads'),
      sort: 'loads',
      render: (row) => (
        <SummaryLink
          to={LOAD_LIST_PATHS.active}
          label={t('dashboard.columns.loadsOf', { name: row.dispatcher.full_name, loads: row.loads })}
        >
          {formatCount(row.loads)}
        </SummaryLink>
      ),
      total: totals && formatCount(totals.loads),
    },
    figureColumn('gross', t, totals),
    figureColumn('margin', t, totals),
    {
      key: 'bids_sent',
      label: t('dashboard.columns.bidsSent'),
      sort: 'bids_sent',
      secondary: true,
      render: (row) => formatCount(row.bids_sent),
      total: totals && formatCount(totals.bids_sent),
    },
    {
      key: 'bids_won',
      label: t('dashboard.columns.bidsWon'),
      sort: 'bids_won',
      render: (row) => formatCount(row.bids_won),
      total: totals && formatCount(totals.bids_won),
    },
  ];
  return (
    <DashboardBlock
      title={title}
      query={list}
      isEmpty={(data) => data.results.length === 0}
      empty={
        <EmptyState
          compact
          icon={<SupportAgentOutlined />}
          title={t('dashboard.empty.noDispatchers')}
          description={t('dashboard.empty.noLoadsHint')}
        />
      }
    >
      {(data) => (
        <FiguresTable
          label={title}
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.dispatcher.id}
          totalsLabel={t('dashboard.columns.total')}
          count={data.count}
          {...table}
        />
      )}
    </DashboardBlock>
  );
}
