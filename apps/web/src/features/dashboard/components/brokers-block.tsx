import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import type { BROKER_SORTS } from '@app/domain/dashboard/dashboard.schema';
import { type BrokerRow } from '@app/domain/dashboard/dashboard.schema';
import type { QueryParams } from '@/lib/http-client';
import { useBrokerRanking } from '../api/broker-companies';
import { useBrokerCountStats } from '../api/broker-count-stats';
import { BrokerDrawer } from './broker-drawer';
import { daysToPayText, formatCount } from './dashboard-format';
import { figureColumn } from './figure-columns';
import type { FiguresColumn } from './figures-table';
import { RankingBlock } from './ranking-block';
import { useFiguresList } from './use-figures-list';

type BrokerSort = (typeof BROKER_SORTS)[number];

/** The period's brokers in figures (broker-company/count-stats), above the ranking. */
function BrokerFacts({ filters }: { filters: QueryParams }) {
  const { t } = useTranslation();
  const stats = useBrokerCountStats(filters);
  if (!stats.data) return null;
  const { brokers, new_brokers, top_five_share, average_days_to_pay } = stats.data;
  const facts = [
    [t('dashboard.brokers.count'), formatCount(brokers)],
    [t('dashboard.brokers.new'), formatCount(new_brokers)],
    [t('dashboard.brokers.topFive'), top_five_share === null ? '—' : `${formatCount(top_five_share)}%`],
    [t('dashboard.brokers.averageDaysToPay'), daysToPayText(average_days_to_pay, t)],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('dashboard.brokers.facts')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, m: 0, px: 1.5, py: 1 }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Brokers ranked by loads, gross, margin, rate per mile or days to pay (broker-company/all), with the
 * period's broker figures above. A row opens the broker's history and trend in a side panel.
 */
export function BrokersBlock({ filters }: { filters: QueryParams }) {
  const { t } = useTranslation();
  const { query, table } = useFiguresList<BrokerSort>(filters, 'loads');
  const list = useBrokerRanking(query);
  const [openId, setOpenId] = useState<number | null>(null);
  const title = t('dashboard.blocks.brokers');
  const totals = list.data?.totals;
  const columns: FiguresColumn<BrokerRow, BrokerSort>[] = [
    {
      key: 'name',
      label: t('dashboard.columns.broker'),
      render: (row) => (
        <>
          {row.broker_company.name}
          {row.broker_company.mc_number && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
              MC {row.broker_company.mc_number}
            </Typography>
          )}
        </>
      ),
    },
    figureColumn('loads', t, totals),
    figureColumn('gross', t, totals),
    figureColumn('margin', t, totals, { secondary: true }),
    figureColumn('rate_per_mile', t, totals),
    {
      key: 'days_to_pay',
      label: t('dashboard.columns.daysToPay'),
      sort: 'days_to_pay',
      render: (row) => daysToPayText(row.average_days_to_pay, t),
    },
  ];
  return (
    <RankingBlock
      title={title}
      query={list}
      emptyIcon={<HandshakeOutlined />}
      emptyTitle={t('dashboard.empty.noBrokers')}
      columns={columns}
      rowKey={(row) => row.broker_company.id}
      table={table}
      onOpen={(row) => setOpenId(row.broker_company.id)}
      before={<BrokerFacts filters={filters} />}
      after={
        openId !== null && <BrokerDrawer id={openId} filters={filters} onClose={() => setOpenId(null)} />
      }
    />
  );
}
