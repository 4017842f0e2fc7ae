import { useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageTitleContext } from '@/components/page-title';
import { useQuickPayCount } from '@/features/accounting/api/accounting-lists';
import { EmailComposeHost } from '@/features/email/components/email-compose-host';
import { EmailThreadHost } from '@/features/email/components/email-thread-host';
import {
  NotificationsProvider,
  useNotificationBadges,
} from '@/features/notifications/notifications-provider';
import { TelephonyProvider, useTelephony } from '@/features/telephony/components/telephony-provider';
import type { MenuEntry } from '@/lib/current-user';
import { normalizePath, useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { SocketProvider } from '@/lib/socket-provider';
import { AppAccountingExtras } from '../accounting-extras';
import { LiveQueries } from '../realtime/live-queries-listener';
import { SIDE_MENU_WIDTH } from '../theme';
import { currentHandle, isRouteAllowed } from '../route-handle';
import { AddLoadDialog } from './add-load-dialog';
import { MobileTopBar } from './mobile-top-bar';
import { NavigationProgress } from './navigation-progress';
import { NoAccess } from './no-access';
import { RIGHT_PANEL_WIDTH, RightPanel } from './right-panel';
import { SideMenu } from './side-menu';
import type { MenuBadges } from './side-menu';
import { startPathFor } from './start-path';
import { TopBar } from './top-bar';

/**
 * The menu entries whose dots follow a count: group chats and SMS (the unread counts, domain
 * menuBadgeCounts) and accounting's income entry (the quick pay count).
 */
function menuBadges(
  menu: readonly MenuEntry[],
  counts: { groupChats: number; sms: number; quickPay: number },
): MenuBadges {
  const badges: MenuBadges = {};
  for (const entry of menu) {
    if (entry.name === 'groupChats') badges[entry.id] = counts.groupChats;
    else if (entry.name === 'sms') badges[entry.id] = counts.sms;
    for (const child of entry.children) if (child.name === 'income') badges[child.id] = counts.quickPay;
  }
  return badges;
}

const hasIncomeEntry = (menu: readonly MenuEntry[]) =>
  menu.some((entry) => entry.children.some((child) => child.name === 'income'));

/**
 * The signed-in shell: side menu, top bar, the page, the right-hand panel and the add-load dialog. The
 * realtime socket and the notifications live as long as the shell: they start after sign-in (users/my names
 * the company) and stop at logout; meanwhile every event the socket receives keeps the open pages' queries
 * live (LiveQueries).
 */
export function AppShell() {
  const user = useCurrentUser();
  return (
    <SocketProvider companyHash={user.company_instance?.company_hash}>
      <LiveQueries />
      <NotificationsProvider>
        <TelephonyProvider>
          <AppAccountingExtras>
            <ShellLayout />
          </AppAccountingExtras>
        </TelephonyProvider>
      </NotificationsProvider>
    </SocketProvider>
  );
}

function ShellLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useCurrentUser();
  const { signOut } = useSession();
  const matches = useMatches();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  // A page's own name for the tab (a load's number), while that page is shown.
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const counts = useNotificationBadges();
  const quickPay = useQuickPayCount(hasIncomeEntry(user.menu));
  const telephony = useTelephony();

  const handle = currentHandle(matches);
  const title = handle.menu ? t(`menu.${handle.menu}`) : handle.titleKey ? t(handle.titleKey) : t('app.name');
  const section = handle.parent ? t(`menu.${handle.parent}`) : undefined;
  const allowed = isRouteAllowed(handle, user);
  const highlighted = handle.highlightPath ?? handle.menuPath;
  const activePath = highlighted ? normalizePath(highlighted) : null;
  const showWhatsNew = !user.company_instance?.disable_some_menu_items;

  useEffect(() => {
    document.title = `${pageTitle ?? title} · ${t('app.name')}`;
  }, [pageTitle, title, t]);

  const menuProps = {
    menu: user.menu,
    activePath,
    badges: menuBadges(user.menu, { ...counts, quickPay }),
    showWhatsNew,
    onLogout: () => void signOut(),
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {isPhone ? (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          ModalProps={{ keepMounted: false }}
        >
          <SideMenu {...menuProps} variant="drawer" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <>
          {/* The rail is fixed and widens over the page; this keeps its room in the layout. */}
          <Box sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0 }} />
          <SideMenu {...menuProps} variant="rail" />
        </>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isPhone ? (
          <MobileTopBar
            title={title}
            unreadNotifications={counts.total}
            onOpenMenu={() => setDrawerOpen(true)}
            onOpenNotifications={() => setPanelOpen(true)}
          />
        ) : (
          <TopBar title={title} section={section} />
        )}
        <Box component="main" sx={{ position: 'relative', flex: 1, minWidth: 0, p: isPhone ? 1.5 : 2 }}>
          <NavigationProgress />
          <PageTitleContext value={setPageTitle}>
            {allowed ? <Outlet /> : <NoAccess homePath={startPathFor(user)} />}
          </PageTitleContext>
        </Box>
      </Box>

      {isPhone ? (
        <Drawer
          anchor="right"
          // On a phone, a card asking for a contact opens the panel's drawer on Connect.
          open={panelOpen || telephony.state.isOpen}
          onClose={() => {
            setPanelOpen(false);
            telephony.dispatch({ type: 'closePanel' });
          }}
          slotProps={{
            paper: {
              'aria-label': t('shell.notifications'),
              sx: { width: RIGHT_PANEL_WIDTH, maxWidth: '100vw' },
            },
          }}
        >
          <RightPanel
            variant="drawer"
            onNavigate={() => {
              setPanelOpen(false);
              telephony.dispatch({ type: 'closePanel' });
            }}
          />
        </Drawer>
      ) : (
        <RightPanel />
      )}
      <AddLoadDialog />
      <EmailThreadHost />
      <EmailComposeHost />
    </Box>
  );
}
