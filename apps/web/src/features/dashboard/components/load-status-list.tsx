import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LOAD_STATUSES, lookupName } from '@app/domain/common/lookups';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import type { CountStats } from '@app/domain/dashboard/dashboard.schema';
import { currentLang } from '@/i18n/i18n';
import { LOAD_LIST_PATHS } from './count-stats-tiles';
import { formatCount } from './dashboard-format';
import { SummaryLink } from './summary-link';

type LoadStatusListProps = {
  byStatus: CountStats['loads']['by_status'];
  /** Only the statuses of these lists (a dispatcher's loads to move: the active list). */
  lists?: readonly (keyof typeof LOAD_LIST_PATHS)[];
};

/**
 * The period's loads by status, each with a bar of its share and a link to the list that holds that
 * status (the load lists take no status in the address: the link opens the list).
 */
export function LoadStatusList({ byStatus, lists }: LoadStatusListProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const shown = byStatus.filter((entry) => !lists || lists.includes(loadStatusClass(entry.status)));
  const largest = Math.max(1, ...shown.map((entry) => entry.count));
  // Two statuses share a name (TONU, 9 in check out and 11 completed): those say their list too.
  const names = shown.map((entry) => lookupName(LOAD_STATUSES, entry.status, lang));
  const shared = new Set(names.filter((name, index) => names.indexOf(name) !== index));
  return (
    <Box
      component="ul"
      aria-label={t('dashboard.blocks.byStatus')}
      sx={{ listStyle: 'none', m: 0, px: 1.5, py: 1, display: 'grid', gap: 0.5 }}
    >
      {shown.map((entry) => {
        const list = loadStatusClass(entry.status);
        const status = lookupName(LOAD_STATUSES, entry.status, lang);
        const name = shared.has(status) ? `${status} · ${t(`dashboard.lists.${list}`)}` : status;
        return (
          <Box
            component="li"
            key={entry.status}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) 3.5em',
              gap: 1,
              alignItems: 'center',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                <SummaryLink to={LOAD_LIST_PATHS[list]}>{name}</SummaryLink>
              </Typography>
              <Box
                aria-hidden
                sx={{
                  height: 3,
                  borderRadius: 1,
                  bgcolor: entry.count > 0 ? 'primary.main' : 'divider',
                  width: `${Math.max(2, (entry.count / largest) * 100)}%`,
                }}
              />
            </Box>
            <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(entry.count)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
