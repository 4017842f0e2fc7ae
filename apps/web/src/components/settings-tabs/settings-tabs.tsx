import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { canEditCompanySettings } from '@app/domain/company/company.schema';
import { TEAMS_ROLES } from '@app/domain/teams/teams.schema';
import { EMPLOYEES_ROLES } from '@app/domain/users/employees.roles';
import { normalizePath, useCurrentUser, type CurrentUser } from '@/lib/current-user';

// The tabs at the top of the settings pages: Profile, Company, People and Teams, each shown only to the
// roles its page lets in. The side menu keeps the spec's entries (Settings for the profile, Users for
// accountants); admins and managers reach the company, people and teams pages from here.

type SettingsTab = { path: string; labelKey: string; shows: (user: CurrentUser) => boolean };

const hasRole = (user: CurrentUser, roles: readonly number[]) =>
  user.is_superuser || (user.role !== null && roles.includes(user.role));

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { path: '/settings/profile/', labelKey: 'settingsTabs.profile', shows: () => true },
  { path: '/settings/company/', labelKey: 'settingsTabs.company', shows: canEditCompanySettings },
  {
    path: '/settings/users/',
    labelKey: 'settingsTabs.people',
    // The spec's Users entry is the accountants' (the menu says so); the page also lets in who reads people.
    shows: (user) =>
      hasRole(user, EMPLOYEES_ROLES.view) || user.menu.some((entry) => entry.path === '/settings/users/'),
  },
  // The teams page changes teams: admins and managers.
  {
    path: '/settings/teams/',
    labelKey: 'settingsTabs.teams',
    shows: (user) => hasRole(user, TEAMS_ROLES.change),
  },
];

/** The settings tabs the signed-in user may open; nothing when only their profile is theirs. */
export function SettingsTabs() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const tabs = SETTINGS_TABS.filter((tab) => tab.shows(user));
  if (tabs.length < 2) return null;
  const current = tabs.find((tab) => normalizePath(tab.path) === normalizePath(pathname))?.path ?? false;
  return (
    <Tabs
      value={current}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('settingsTabs.label')}
      sx={{
        mb: 2,
        minHeight: 40,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minHeight: 40 },
      }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={t(tab.labelKey)} component={RouterLink} to={tab.path} />
      ))}
    </Tabs>
  );
}
