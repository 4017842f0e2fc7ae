import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { menuHasPath, useCurrentUser } from '@/lib/current-user';

type SummaryLinkProps = {
  /** The list the figure sums up. */
  to: string;
  children: ReactNode;
  /** Names the link for screen readers when the text is a bare number. */
  label?: string;
  /** The menu entry that opens `to`, when it is not `to` itself (the completed bids: My bids). */
  menuPath?: string;
};

/** A figure that leads to the list it sums up, when the user's menu has that list; plain text otherwise. */
export function SummaryLink({ to, children, label, menuPath = to }: SummaryLinkProps) {
  const user = useCurrentUser();
  if (!menuHasPath(user.menu, menuPath)) return <>{children}</>;
  return (
    <Link component={RouterLink} to={to} underline="hover" color="inherit" aria-label={label}>
      {children}
    </Link>
  );
}
