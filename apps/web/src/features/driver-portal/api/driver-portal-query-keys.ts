import type { QueryClient } from '@tanstack/react-query';

export const DRIVER_PORTAL_API = '/backend/api/v2/driver-portal';
export const INVITATIONS_API = '/backend/api/v2/invitations';

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
