import type { QueryClient } from '@tanstack/react-query';

export const DRIVER_PORTAL_API = '/backend/api/v2/driver-portal';
export const INVITATIONS_API = '/backend/api/v2/invitations';

/**
 * The driver page also asks again each minute while it is on screen: a load booked or taken off the board
 * is told to the board's roles, and a phone may have slept through its socket's events.
 */
export const PORTAL_REFRESH_MS = 60_000;

/** The driver page's caches: my vehicles, the loads forwarded to them, my bids. */
export const driverPortalQueryKeys = {
  all: ['driver-portal'] as const,
  vehicles: ['driver-portal', 'vehicles'] as const,
  loads: ['driver-portal', 'loads'] as const,
  bids: ['driver-portal', 'bids'] as const,
  invitation: (token: string) => ['driver-portal', 'invitation', token] as const,
};

/** After a bid, a forward or an answer: the loads (my bid, the wait) and my bids are fetched again. */
export function invalidateDriverPortal(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: driverPortalQueryKeys.all });
}
