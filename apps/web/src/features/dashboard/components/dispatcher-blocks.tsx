import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DispatcherDashboard } from '@app/domain/dashboard/dashboard.schema';
import { formatUsd } from '@/lib/format';
import type { useDispatcherDashboard } from '../api/dispatcher';
import { LOAD_LIST_PATHS } from './count-stats-tiles';
import { DashboardBlock } from './dashboard-block';
import { formatCount, ratePerMileText } from './dashboard-format';
import { StatTile, StatTiles } from './stat-tile';

type DispatcherQuery = ReturnType<typeof useDispatcherDashboard>;

/**
 * A dispatcher's day, whatever the period: their loads to move (and how many pick up today), their bids
 * waiting for the broker, their trucks without a load; each leads to its list.
 */
export function MyDayBlock({ query }: { query: DispatcherQuery }) {
  const { t } = useTranslation();
  return (
    <DashboardBlock title={t('dashboard.blocks.myDay')} query={query}>
      {({ now }) => (
        <StatTiles>
          <StatTile
            label={t('dashboard.myDay.loadsToMove')}
            value={formatCount(now.loads_to_move)}
            to={LOAD_LIST_PATHS.active}
            lines={[{ label: t('dashboard.myDay.pickingUpToday'), value: formatCount(now.picking_up_today) }]}
          />
          <StatTile
            label={t('dashboard.myDay.bidsWaiting')}
            value={formatCount(now.bids_waiting)}
            to="/bids/active"
          />
          <StatTile
            label={t('dashboard.myDay.trucksWithoutLoads')}
            value={formatCount(now.trucks_without_loads)}
            to="/units/vehicles/"
          />
        </StatTiles>
      )}
    </DashboardBlock>
  );
}

const COMPARED = [
  'loads',
  'gross',
  'margin',
  'miles',
  'rate_per_mile',
  'bids_sent',
  'bids_won',
  'bids_lost',
] as const;
type Compared = (typeof COMPARED)[number];

function comparedText(name: Compared, value: number | null | undefined, t: TFunction): string {
  if (value === undefined) return '—';
  if (name === 'rate_per_mile') return ratePerMileText(value, t);
  if (value === null) return '—';
  return name === 'gross' || name === 'margin' ? formatUsd(value) : formatCount(value);
}

/**
 * The dispatcher's own figures of the period against their team's average and total (dispatcher): only
 * aggregates of the team, never a colleague's figures. Without a team, their own figures alone.
 */
export function MyNumbersBlock({ query }: { query: DispatcherQuery }) {
  const { t } = useTranslation();
  const title = t('dashboard.blocks.myNumbers');
  return (
    <DashboardBlock title={title} query={query}>
      {(data: DispatcherDashboard) => {
        const { team } = data;
        return (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pt: 1 }}>
              {team
                ? t('dashboard.myNumbers.team', { team: team.name, dispatchers: team.dispatchers })
                : t('dashboard.myNumbers.noTeam')}
            </Typography>
            <Table aria-label={title} sx={{ '& td': { fontVariantNumeric: 'tabular-nums' } }}>
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">{t('dashboard.myNumbers.mine')}</TableCell>
                  {team && <TableCell align="right">{t('dashboard.myNumbers.teamAverage')}</TableCell>}
                  {team && <TableCell align="right">{t('dashboard.myNumbers.teamTotal')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {COMPARED.map((name) => (
                  <TableRow key={name}>
                    <TableCell component="th" scope="row">
                      {t(`dashboard.figures.${name}`)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {comparedText(name, data.own[name], t)}
                    </TableCell>
                    {team && (
                      <TableCell align="right">
                        {comparedText(name, team.average ? team.average[name] : undefined, t)}
                      </TableCell>
                    )}
                    {team && <TableCell align="right">{comparedText(name, team.totals[name], t)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        );
      }}
    </DashboardBlock>
  );
}
