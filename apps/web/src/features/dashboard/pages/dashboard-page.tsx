import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { ROLES } from '@app/domain/common/lookups';
import { PageFrame } from '@/components/page-frame';
import type { QueryParams } from '@/lib/http-client';
import { useCurrentUser } from '@/lib/current-user';
import { useCountStats } from '../api/count-stats';
import { useDispatcherDashboard } from '../api/dispatcher';
import { BrokersBlock } from '../components/brokers-block';
import { CountStatsTiles } from '../components/count-stats-tiles';
import { DashboardBlock } from '../components/dashboard-block';
import { DashboardToolbar } from '../components/dashboard-toolbar';
import { MyDayBlock, MyNumbersBlock } from '../components/dispatcher-blocks';
import { DispatchersBlock } from '../components/dispatchers-block';
import { DriversBlock } from '../components/drivers-block';
import { LoadStatusList } from '../components/load-status-list';
import { TrendBlock } from '../components/trend-block';
import { useDashboardFilters } from '../components/use-dashboard-filters';

/** Two blocks side by side on a wide screen (`ratio` columns of 12 for the first), stacked below it. */
function Pair({
  children,
  first = 6,
  at = 'lg',
}: {
  children: React.ReactNode;
  first?: number;
  at?: 'lg' | 'xl';
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          [at]: `minmax(0, ${first}fr) minmax(0, ${12 - first}fr)`,
        },
      }}
    >
      {children}
    </Box>
  );
}

function LoadsByStatusBlock({
  query,
  title,
  activeOnly,
}: {
  query: QueryParams;
  title: string;
  activeOnly?: boolean;
}) {
  const stats = useCountStats(query);
  return (
    <DashboardBlock title={title} query={stats}>
      {(data) => (
        <LoadStatusList byStatus={data.loads.by_status} lists={activeOnly ? ['active'] : undefined} />
      )}
    </DashboardBlock>
  );
}

/** Admins and managers: the company (or a team, a subgroup) in figures, its people and its brokers. */
function CompanyDashboard({ query }: { query: QueryParams }) {
  const { t } = useTranslation();
  const stats = useCountStats(query);
  return (
    <>
      <DashboardBlock title={t('dashboard.blocks.figures')} query={stats}>
        {(data) => <CountStatsTiles stats={data} />}
      </DashboardBlock>
      <Pair first={8}>
        <TrendBlock query={query} title={t('dashboard.blocks.trend')} />
        <LoadsByStatusBlock query={query} title={t('dashboard.blocks.byStatus')} />
      </Pair>
      <Pair at="xl">
        <DispatchersBlock filters={query} />
        <DriversBlock filters={query} />
      </Pair>
      <BrokersBlock filters={query} />
    </>
  );
}

/** A dispatcher: their own day first, then their figures against their team's, their trend and brokers. */
function DispatcherView({ query }: { query: QueryParams }) {
  const { t } = useTranslation();
  const own = useDispatcherDashboard(query);
  return (
    <>
      <MyDayBlock query={own} />
      <Pair first={5}>
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
          <MyNumbersBlock query={own} />
          <LoadsByStatusBlock query={query} title={t('dashboard.blocks.myLoadsByStatus')} />
        </Box>
        <TrendBlock query={query} title={t('dashboard.blocks.myTrend')} />
      </Pair>
      <BrokersBlock filters={query} />
    </>
  );
}

/**
 * / for admins, managers and dispatchers. A dispatcher sees their own day and numbers; admins and managers
 * the company with its teams. The period, team and subgroup are the dashboard's saved filter set; the
 * figures follow the loads, bids and vehicles as they change (app/realtime/live-queries.ts).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const dispatcher = user.role === ROLES.dispatcher;
  const { filters, query, change } = useDashboardFilters(!dispatcher);
  return (
    <PageFrame toolbar={<DashboardToolbar filters={filters} onChange={change} withTeams={!dispatcher} />}>
      {dispatcher ? <DispatcherView query={query} /> : <CompanyDashboard query={query} />}
    </PageFrame>
  );
}
