import { useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { isDriverPortalRole } from '@app/domain/bids/driver-bids.rules';
import type { Lang } from '@app/domain/common/lookups';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { currentLang, setLanguage } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { SocketProvider, useSocketEvent } from '@/lib/socket-provider';
import { invalidateDriverPortal } from '../api/driver-portal-query-keys';
import { usePortalBids } from '../api/portal-bids';
import { usePortalLoads } from '../api/portal-loads';
import { usePortalVehicles } from '../api/portal-vehicles';
import { useUpdateLanguage } from '../api/update-language';
import { PortalBidList } from '../components/portal-bid-list';
import { PortalLoadCard } from '../components/portal-load-card';

type TabName = 'loads' | 'bids';

/**
 * /driver/: the page of drivers (roles 10 and 12) and owners, phone width first and outside the staff
 * shell. The loads forwarded to my units still on the board, each with its bid form; my bids and their
 * answers. Its own socket keeps both live (driver_portal_update: a forward, a bid, a rejection, a booking).
 */
export function DriverPage() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  if (!isDriverPortalRole(user.role)) {
    return <EmptyState title={t('driverPortal.staffOnly')} />;
  }
  return (
    <SocketProvider companyHash={user.company_instance?.company_hash}>
      <DriverPortal />
    </SocketProvider>
  );
}

function DriverPortal() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabName>('loads');
  useSocketEvent('driver_portal_update', () => void invalidateDriverPortal(queryClient));

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
              {t('driverPortal.title')}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {[`${user.first_name} ${user.last_name}`.trim(), user.company_instance?.name]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <LanguageToggle />
          <Button size="small" color="inherit" onClick={() => void signOut()}>
            {t('common.logout')}
          </Button>
        </Toolbar>
        <Tabs value={tab} onChange={(_event, next: TabName) => setTab(next)} variant="fullWidth">
          <Tab value="loads" label={t('driverPortal.tabs.loads')} />
          <Tab value="bids" label={t('driverPortal.tabs.bids')} />
        </Tabs>
      </AppBar>
      <Box
        component="main"
        sx={{ maxWidth: 640, mx: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {tab === 'loads' ? <LoadsTab /> : <BidsTab />}
      </Box>
    </Box>
  );
}

function LanguageToggle() {
  const user = useCurrentUser();
  const updateLanguage = useUpdateLanguage();
  const lang = currentLang();
  const next: Lang = lang === 'en' ? 'ru' : 'en';
  return (
    <Button
      size="small"
      color="inherit"
      aria-label={next === 'ru' ? 'Русский' : 'English'}
      onClick={() => {
        void setLanguage(next);
        updateLanguage.mutate({ first_name: user.first_name, last_name: user.last_name, lang: next });
      }}
    >
      {next.toUpperCase()}
    </Button>
  );
}

function NotActiveNotice() {
  const { t } = useTranslation();
  const vehicles = usePortalVehicles();
  const blocked = vehicles.data?.results.filter((vehicle) => !vehicle.sees_loads) ?? [];
  if (blocked.length === 0) return null;
  return (
    <Alert severity="info">
      {t('driverPortal.notActive', { units: blocked.map((vehicle) => vehicle.unit_id).join(', ') })}
    </Alert>
  );
}

function LoadsTab() {
  const { t } = useTranslation();
  const loads = usePortalLoads();
  const vehicles = usePortalVehicles();
  let body: ReactNode;
  if (loads.isPending) body = <LoadingState />;
  else if (loads.isError) body = <ErrorState error={loads.error} onRetry={() => void loads.refetch()} />;
  else if (loads.data.results.length === 0)
    body = (
      <EmptyState
        title={t('driverPortal.empty.loads')}
        description={
          vehicles.data?.results.length === 0
            ? t('driverPortal.empty.noVehicles')
            : t('driverPortal.empty.loadsHint')
        }
      />
    );
  else
    body = loads.data.results.map((load) => (
      <PortalLoadCard
        key={`${load.load_id}-${load.vehicle.id}`}
        load={load}
        fetchedAt={loads.dataUpdatedAt}
      />
    ));
  return (
    <>
      <NotActiveNotice />
      {body}
    </>
  );
}

function BidsTab() {
  const { t } = useTranslation();
  const bids = usePortalBids();
  if (bids.isPending) return <LoadingState />;
  if (bids.isError) return <ErrorState error={bids.error} onRetry={() => void bids.refetch()} />;
  if (bids.data.results.length === 0) return <EmptyState title={t('driverPortal.empty.bids')} />;
  return <PortalBidList bids={bids.data.results} />;
}
