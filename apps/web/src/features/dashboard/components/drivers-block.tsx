import { useTranslation } from 'react-i18next';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { DRIVER_SORTS } from '@app/domain/dashboard/dashboard.schema';
import { type DriverRow } from '@app/domain/dashboard/dashboard.schema';
import type { QueryParams } from '@/lib/http-client';
import { useDriverFigures } from '../api/drivers';
import { formatCount } from './dashboard-format';
import { figureColumn } from './figure-columns';
import type { FiguresColumn } from './figures-table';
import { RankingBlock } from './ranking-block';
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
    <RankingBlock
      title={title}
      query={list}
      emptyIcon={<LocalShippingOutlined />}
      emptyTitle={t('dashboard.empty.noDrivers')}
      columns={columns}
      rowKey={(row) => row.driver.id}
      table={table}
    />
  );
}
