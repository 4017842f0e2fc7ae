import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Proposition, PropositionListResponse, PropositionTemplate } from '@app/domain/bids/bids.schema';
import type { DriverBid, ForwardResponse } from '@app/domain/bids/driver-bids.schema';
import { routeDistanceMiles } from '@app/domain/geo/geo.rules';
import type { GeoPoint } from '@app/domain/geo/geo.rules';
import type { Vehicle, VehicleListResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { closestCarsQueryOptions } from '../../api/closest-cars';

// The calls of the board load's bids section: the vehicles to offer, the bids already
// sent to the broker, a new proposition, the forward to trucks and the reject of a driver's bid. Their
// cache sits under ['bids'], beside the bids pages', so that one invalidation (a bid placed here, decided
// there, or a realtime bid event) refreshes both.

const V2 = '/backend/api/v2';
const PROPOSITIONS = `${V2}/propositions`;
/** Refusals the section explains itself (not authorised e-mail, a bid limit, a load off the board). */
const SHOWN_HERE = [400, 403, 404, 409] as const;

export const detailBidsKeys = {
  ofLoad: (loadId: number) => ['bids', 'board', loadId] as const,
  sent: (loadId: number) => ['bids', 'board', loadId, 'sent'] as const,
  fleet: (search: string) => ['bids', 'board', 'fleet', search] as const,
  template: () => ['bids', 'board', 'template'] as const,
};

/**
 * GET propositions/template: the company's template, so that the preview is the e-mail the server sends.
 * It changes only on the company settings page: read once a sign-in, kept for ten minutes.
 */
export function usePropositionTemplate() {
  return useQuery({
    queryKey: detailBidsKeys.template(),
    queryFn: ({ signal }) => http.get<PropositionTemplate>(`${PROPOSITIONS}/template`, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** A vehicle the proposition can offer, with what the preview of the e-mail needs of it. */
export type FormCar = {
  id: number;
  unit_id: string;
  driver: { id: number; full_name: string } | null;
  /** Deadhead miles to the pick-up; null when unknown (Show all lists the fleet without distances). */
  miles_out: number | null;
  /** When it can be at the pick-up (50 mph); null when unknown. */
  eta_at: string | null;
  fits: boolean;
  available: boolean;
  vehicle: Vehicle;
};

const AVAILABLE = 1;

function deadheadMiles(vehicle: Vehicle, pickUp: GeoPoint | null): number | null {
  const lat = vehicle.location?.lat;
  const lon = vehicle.location?.lon;
  if (!pickUp || lat == null || lon == null) return null;
  return routeDistanceMiles([{ lat, lon }, pickUp]);
}

/**
 * The vehicles to offer: by default the closest trucks of the detail (GET loads/{id}/closest-cars, the
 * same cache as its card), fitting ones first; Show all lists the whole fleet (GET cars/all).
 */
export function useLoadCars(loadId: number, showAll: boolean, pickUp: GeoPoint | null) {
  const closest = useQuery({
    ...closestCarsQueryOptions(loadId),
    enabled: !showAll,
    select: (answer): FormCar[] =>
      [...answer.results]
        .sort((a, b) => Number(b.fit.fits) - Number(a.fit.fits))
        .map((car) => ({
          id: car.id,
          unit_id: car.unit_id,
          driver: car.active_driver,
          miles_out: car.deadhead_miles,
          eta_at: car.eta,
          fits: car.fit.fits,
          available: car.status.id === AVAILABLE,
          vehicle: car,
        })),
  });
  const fleet = useQuery({
    ...fleetQueryOptions(''),
    enabled: showAll,
    select: (answer): FormCar[] =>
      answer.results.map((vehicle) => ({
        id: vehicle.id,
        unit_id: vehicle.unit_id,
        driver: vehicle.active_driver,
        // The fleet list has no distances: the same road estimate as the closest trucks', from where it is.
        miles_out: deadheadMiles(vehicle, pickUp),
        eta_at: null,
        fits: true,
        available: vehicle.status.id === AVAILABLE,
        vehicle,
      })),
  });
  return showAll ? fleet : closest;
}

/** GET propositions/history?load=: every bid sent to the broker for this load, newest first. */
export function useSentBids(loadId: number) {
  return useQuery(
    queryOptions({
      queryKey: detailBidsKeys.sent(loadId),
      queryFn: ({ signal }) =>
        http.get<PropositionListResponse>(`${PROPOSITIONS}/history`, {
          query: { load: loadId, limit: 100 },
          signal,
        }),
    }),
  );
}

function fleetQueryOptions(search: string) {
  return queryOptions({
    queryKey: detailBidsKeys.fleet(search),
    queryFn: ({ signal }) =>
      http.get<VehicleListResponse>(`${V2}/cars/all`, {
        query: { limit: 100, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET cars/all: the fleet for the forward dialog and Show all, with each unit's load-board switches. */
export function useFleet(search: string) {
  return useQuery(fleetQueryOptions(search));
}

export type PropositionSend = {
  load: number;
  car: number;
  driver: number | null;
  price: string;
  driver_price: string | null;
  eta: number;
  miles_out: number | null;
  email_to: string | null;
  email_subject: string | null;
  /** The dispatcher's own text; the server renders the company's template when null. */
  message: string | null;
  idempotencyKey: string;
};

/** POST propositions/create (a retried send with the same key places one bid). */
export function useSendProposition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: PropositionSend) =>
      http.post<Proposition>(`${PROPOSITIONS}/create`, body, {
        quietStatuses: SHOWN_HERE,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bids'] }),
  });
}

/** PUT bids/driver-bid/{id}/reject {reason}. */
export function useRejectDriverBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      http.put<DriverBid>(`${V2}/bids/driver-bid/${id}/reject`, { reason }, { quietStatuses: SHOWN_HERE }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bids'] }),
        queryClient.invalidateQueries({ queryKey: ['loadboard'] }),
      ]),
  });
}

/** POST bids/forward {load_id, vehicle_ids}: the answer says which units were left out and why. */
export function useForwardLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { load_id: number; vehicle_ids: number[] }) =>
      http.post<ForwardResponse>(`${V2}/bids/forward`, body, { quietStatuses: SHOWN_HERE }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bids'] }),
  });
}
