import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { TeamFilterFields } from '@/components/lists/list-filters';
import { useListLayout } from '@/components/lists/list-page';
import type { DashboardFilters } from './dashboard-filters-state';
import { PeriodPicker } from './period-picker';

type DashboardToolbarProps = {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  /** Admins and managers narrow the company's figures to a team and its subgroup. */
  withTeams: boolean;
};

/** The period, and for the company's view the team and subgroup, in one wrapping row. */
export function DashboardToolbar({ filters, onChange, withTeams }: DashboardToolbarProps) {
  const { t } = useTranslation();
  const { phone } = useListLayout();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', flex: 1 }}>
      <PeriodPicker
        compact={phone}
        value={filters}
        onChange={(period) => onChange({ ...filters, ...period })}
      />
      {withTeams && (
        <Box
          role="group"
          aria-label={t('dashboard.teamFilters')}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(2, minmax(140px, 1fr))',
            ml: { md: 'auto' },
            width: { xs: '100%', md: 360 },
          }}
        >
          <TeamFilterFields
            team={filters.working_group}
            subgroup={filters.subgroup}
            onChange={(working_group, subgroup) => onChange({ ...filters, working_group, subgroup })}
          />
        </Box>
      )}
    </Box>
  );
}
