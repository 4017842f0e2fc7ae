import { useTranslation } from 'react-i18next';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { DRIVER_SORTS } from '@app/domain/dashboard/dashboard.schema';
import { type DriverRow } from '@app/domain/dashboard/dashboard.schema';
import { EmptyState } from '@/components/empty-state';
import type { QueryParams } from '@/lib/http-client';
import { useDriverFigures } from '../api/drivers';
import { DashboardBlock } from './dashboard-block';
import { formatCount } from './dashboard-format';
import { figureColumn } from './figure-columns';
import { FiguresTable, type FiguresColumn } from './figures-table';
import { SummaryLink } from './summary-link';
import { useFiguresList } from './use-figures-list';

type DriverSort = (typeof DRIVER_SORTS)[number];

/**
 * Per driver (drivers/all): loads, miles, gross, rate per mile and days on the road in the period, sorted
 * by the server, with the totals. A driver's name leads to the drivers list for those who may open it.
 */
export function DriversBlock({ filters }: { filters: QueryParams }) {
  const { t } = useTranslation();
  const { query, table } = useFiguresList<DriverSort>(filters, 'gross');
  const list = useDriverFigures(query);
  const title = t('dashboard.blocks.drivers');
  const totals = list.data?.totals;
  const columns: FiguresColumn<DriverRow, DriverSort>[] = [
    {
      key: 'name',
      label: t('dashboard.columns.driver'),
      render: (row) => <SummaryLink to="/units/drivers/">{row.driver.full_name}</SummaryLink>,
    },
    figureColumn('loads', t, totals),
    figureColumn('miles', t, totals, { secondary: true }),
    figureColumn('gross', t, totals),
    figureColumn('rate_per_mile', t, totals),
    {
      key: 'days_on_road',
      label: t('dashboard.columns.daysOnRoad'),
      sort: 'days_on_road',
      secondary: true,
      render: (row) => formatCount(row.days_on_road),
      total: totals && formatCount(totals.days_on_road),
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
          icon={<LocalShippingOutlined />}
          title={t('dashboard.empty.noDrivers')}
          description={t('dashboard.empty.noLoadsHint')}
        />
      }
    >
      {(data) => (
        <FiguresTable
          label={title}
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.driver.id}
          totalsLabel={t('dashboard.columns.total')}
          count={data.count}
          {...table}
        />
      )}
    </DashboardBlock>
  );
}
