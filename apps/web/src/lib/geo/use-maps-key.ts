import { useCurrentUser } from '../current-user';

/** The maps key of the signed-in user's company (company_instance.google_maps_key), or null without one. */
export function useCompanyMapsKey(): string | null {
  const key = useCurrentUser().company_instance?.google_maps_key?.trim();
  return key ? key : null;
}
