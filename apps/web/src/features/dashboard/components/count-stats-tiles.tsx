import { useTranslation } from 'react-i18next';
import { lookupName, VEHICLE_STATUSES, type Lang } from '@app/domain/common/lookups';
import type { CountStats } from '@app/domain/dashboard/dashboard.schema';
import { currentLang } from '@/i18n/i18n';
import { formatUsd } from '@/lib/format';
import { formatCount, ratePerMileText } from './dashboard-format';
import { StatTile, StatTiles } from './stat-tile';

/** The loads' list pages, by the list a count-stats figure belongs to. */
export const LOAD_LIST_PATHS = {
  active: '/my-loads/active/',
  checkout: '/my-loads/checkout/',
  completed: '/my-loads/completed/',
  canceled: '/my-loads/canceled/',
} as const;

/**
 * The company's figures of the period (count-stats): loads per list, their money, the load board, the bids
 * and, as they are now, the vehicles per status and the active drivers and owners. Each figure leads to the
 * list it sums up.
 */
export function CountStatsTiles({ stats }: { stats: CountStats }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const lists = stats.loads.by_list;
  const { figures, board, bids, vehicles } = stats;
  return (
    <StatTiles>
      <StatTile
        label={t('dashboard.stats.loads')}
        value={formatCount(figures.loads)}
        lines={(['active', 'checkout', 'completed', 'canceled'] as const).map((list) => ({
          label: t(`dashboard.lists.${list}`),
          value: formatCount(lists[list]),
          to: LOAD_LIST_PATHS[list],
        }))}
      />
      <StatTile
        label={t('dashboard.money.gross')}
        value={formatUsd(figures.gross)}
        lines={[
          { label: t('dashboard.money.margin'), value: formatUsd(figures.margin) },
          { label: t('dashboard.money.miles'), value: formatCount(figures.miles) },
          { label: t('dashboard.money.ratePerMile'), value: ratePerMileText(figures.rate_per_mile, t) },
        ]}
      />
      <StatTile
        label={t('dashboard.stats.board')}
        value={formatCount(board.on_board)}
        to="/loadboard/"
        lines={[
          { label: t('dashboard.stats.boardPosted'), value: formatCount(board.posted) },
          { label: t('dashboard.stats.boardBooked'), value: formatCount(board.booked) },
        ]}
      />
      <StatTile
        label={t('dashboard.stats.bidsSent')}
        value={formatCount(bids.sent)}
        lines={[
          { label: t('dashboard.stats.bidsActive'), value: formatCount(bids.active), to: '/bids/active' },
          {
            label: t('dashboard.stats.bidsWon'),
            value: formatCount(bids.won),
            to: '/bids/completed',
            menuPath: '/bids/active',
          },
          {
            label: t('dashboard.stats.bidsLost'),
            value: formatCount(bids.lost),
            to: '/bids/completed',
            menuPath: '/bids/active',
          },
        ]}
      />
      <StatTile
        label={t('dashboard.stats.vehicles')}
        value={formatCount(vehicles.total)}
        to="/units/vehicles/"
        lines={vehicleStatusLines(vehicles.by_status, lang).map((line) => ({
          label: line.name,
          value: formatCount(line.count),
        }))}
      />
      <StatTile
        label={t('dashboard.stats.driversActive')}
        value={formatCount(stats.drivers.active)}
        to="/units/drivers/"
      />
      <StatTile
        label={t('dashboard.stats.ownersActive')}
        value={formatCount(stats.owners.active)}
        to="/units/owners/"
      />
    </StatTiles>
  );
}

/**
 * The vehicles per status by name: the two "In bid" statuses (4, and 7 that is only ever read) are one
 * line; a status without vehicles is left out, but for the three every fleet has (available, not
 * available, on load).
 */
export function vehicleStatusLines(
  byStatus: CountStats['vehicles']['by_status'],
  lang: Lang,
): { name: string; count: number }[] {
  const lines = new Map<string, number>();
  for (const entry of byStatus) {
    const name = lookupName(VEHICLE_STATUSES, entry.status, lang);
    lines.set(name, (lines.get(name) ?? 0) + entry.count);
  }
  const everyFleet = new Set([1, 2, 3].map((status) => lookupName(VEHICLE_STATUSES, status, lang)));
  return [...lines]
    .filter(([name, count]) => count > 0 || everyFleet.has(name))
    .map(([name, count]) => ({ name, count }));
}
