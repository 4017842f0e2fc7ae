import { Outlet } from 'react-router';
import { BidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { GlobalToast } from '@/components/global-toast';
import { MessageModal } from '@/components/message-modal';
import { SessionProvider } from '@/lib/session';

/** The root route: the session and the global dialogs every screen shares. */
export function RootLayout() {
  return (
    <SessionProvider>
      <Outlet />
      <GlobalToast />
      <MessageModal />
      <BidSnackbar />
    </SessionProvider>
  );
}
