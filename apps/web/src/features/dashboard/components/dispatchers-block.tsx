import { useTranslation } from 'react-i18next';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { DISPATCHER_SORTS } from '@app/domain/dashboard/dashboard.schema';
import { type DispatcherRow } from '@app/domain/dashboard/dashboard.schema';
import type { QueryParams } from '@/lib/http-client';
import { useDispatcherFigures } from '../api/dispatchers';
import { LOAD_LIST_PATHS } from './count-stats-tiles';
import { formatCount } from './dashboard-format';
import { figureColumn } from './figure-columns';
import type { FiguresColumn } from './figures-table';
import { RankingBlock } from './ranking-block';
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
    <RankingBlock
      title={title}
      query={list}
      emptyIcon={<SupportAgentOutlined />}
      emptyTitle={t('dashboard.empty.noDispatchers')}
      columns={columns}
      rowKey={(row) => row.dispatcher.id}
      table={table}
    />
  );
}
