import { useCurrentUser } from '../current-user';

/**
 * The vector tile archive (a .pmtiles address) the maps of the signed-in user's company read
 * (company_instance.map_tiles_url: the company's own, else the server's), or null: the built-in map.
 */
export function useCompanyMapTilesUrl(): string | null {
  const url = useCurrentUser().company_instance?.map_tiles_url?.trim();
  return url ? url : null;
}
