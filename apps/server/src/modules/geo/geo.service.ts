import type { AddressLookupQuery, AddressLookupResponse, RouteEstimate } from '@app/domain/geo/geo.schema';
import type { GeoPoint } from '@app/domain/geo/geo.rules';
import { HttpError } from '../../http/errors';
import {
  createGoogleGeoProvider,
  createLocalGeoProvider,
  GeoProviderError,
  type FetchLike,
  type GeoProvider,
} from '../../integrations/geo/geo-provider';
import type { Gazetteer } from '../../integrations/geo/gazetteer';
import type { CompanyCaller } from '../auth/caller';
import type { CompanyService } from '../company/company.service';

export type GeoService = ReturnType<typeof createGeoService>;

export type GeoServiceDeps = {
  /** The company settings, for the caller's maps key (read on each estimate, so a saved key is used next). */
  company: Pick<CompanyService, 'mapsKey'>;
  /** How the maps service is called; the global fetch, looked up on each call, by default. */
  fetch?: FetchLike;
  gazetteer?: () => Gazetteer;
};

/** 502: the maps service failed; the detail is the spec's text ('Response error: {status}'). */
function mapsServiceFailed(detail: string): HttpError {
  return new HttpError(502, 'internal_error', detail);
}

export function createGeoService({ company, fetch, gazetteer }: GeoServiceDeps) {
  const fetchFn: FetchLike = fetch ?? ((url, init) => globalThis.fetch(url, init));
  const local = createLocalGeoProvider(gazetteer);

  /** Google when the company has a maps key, the local provider otherwise. */
  async function providerFor(caller: CompanyCaller): Promise<GeoProvider> {
    const key = await company.mapsKey(caller);
    return key ? createGoogleGeoProvider({ key, fetch: fetchFn, gazetteer }) : local;
  }

  return {
    providerFor,

    /** Suggestions from the gazetteer (browsers of companies with a maps key ask Google Places instead). */
    lookupAddress(query: AddressLookupQuery): AddressLookupResponse {
      return { results: local.lookupAddress(query) };
    },

    async routeEstimate(caller: CompanyCaller, points: readonly GeoPoint[]): Promise<RouteEstimate> {
      const provider = await providerFor(caller);
      try {
        return await provider.routeEstimate(points);
      } catch (error) {
        if (error instanceof GeoProviderError) throw mapsServiceFailed(error.message);
        throw error;
      }
    },
  };
}
