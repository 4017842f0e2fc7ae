import {
  propositionCarSchema,
  type Proposition,
  type PropositionCar,
  type PropositionCarsQuery,
  type PropositionCarsResponse,
  type PropositionListQuery,
  type PropositionListResponse,
  type PropositionTemplate,
} from '@app/domain/bids/bids.schema';
import { DEFAULT_PROPOSITION_TEMPLATE } from '@app/domain/bids/proposition-template.rules';
import { BROKER_RATING_IDS, VEHICLE_STATUS, type BrokerRatingId } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { routeDistanceMiles, transitTimeHours } from '@app/domain/geo/geo.rules';
import { vehicleFit } from '@app/domain/loadboard/closest-cars.rules';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { PropositionsDeps } from './propositions.deps';
import * as listRepository from './proposition-list.repository';
import * as repository from './propositions.repository';

// What the bid pages read: the three lists, one proposition, and the vehicles that could carry its load.

const iso = (value: Date | string) => new Date(value).toISOString();

const ratingOf = (rating: number | null): BrokerRatingId =>
  (BROKER_RATING_IDS as readonly number[]).includes(rating ?? -1)
    ? (rating as BrokerRatingId)
    : BROKER_RATING_IDS[0];

function toPoint(row: repository.PropositionPointRow): Proposition['load']['points'][number] {
  return {
    id: row.id,
    order: row.point_order,
    type: row.type,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    country: row.country === 'CA' ? 'CA' : 'US',
    lat: row.lat,
    lon: row.lon,
    date: row.date === null ? null : iso(row.date),
    is_active: row.is_active,
  };
}

/** The answer of each row, with its load's points (one more query whatever the number of rows). */
export async function toPropositions(
  deps: Pick<PropositionsDeps, 'db'>,
  rows: readonly listRepository.PropositionRow[],
): Promise<Proposition[]> {
  const points = await repository.findPointsOf(deps.db, [...new Set(rows.map((row) => row.load_id))]);
  return rows.map((row) => {
    const created = new Date(row.created_at);
    const eta =
      row.eta_at === null
        ? 0
        : Math.max(0, Math.round((new Date(row.eta_at).getTime() - created.getTime()) / 1000));
    return {
      id: row.id,
      status: row.status,
      load: {
        id: row.load_id,
        load_accounting_number: row.load_accounting_number,
        status: row.load_status,
        board_status: row.board_status,
        points: points.filter((point) => point.load_id === row.load_id).map(toPoint),
        miles: row.miles,
        vehicle_type: row.vehicle_type as Proposition['load']['vehicle_type'],
        reply_email: row.reply_email,
        broker_company:
          row.broker_id === null
            ? null
            : {
                id: row.broker_id,
                name: row.broker_name ?? '',
                rating: ratingOf(row.broker_rating),
              },
      },
      vehicle: {
        id: row.vehicle_id ?? 0,
        unit_id: row.unit_id ?? '',
        transport_type: row.transport_type ?? 'VAN',
      },
      driver:
        row.driver_id === null
          ? null
          : {
              id: row.driver_id,
              full_name: `${row.driver_first_name ?? ''} ${row.driver_last_name ?? ''}`.trim(),
            },
      dispatcher:
        row.dispatcher_id === null
          ? null
          : {
              id: row.dispatcher_id,
              first_name: row.dispatcher_first_name ?? '',
              last_name: row.dispatcher_last_name ?? '',
            },
      price: centsToAmount(row.price_cents),
      driver_price: row.driver_price_cents === null ? null : centsToAmount(row.driver_price_cents),
      miles_out: row.miles_out,
      eta,
      email_to: row.email_to,
      email_subject: row.email_subject ?? '',
      message: row.message ?? '',
      sent_at: iso(row.sent_at ?? row.created_at),
      delivery: row.delivery ?? 'kept',
      via_phone: row.via_phone,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  });
}

export function createPropositionReads(deps: PropositionsDeps) {
  const { db } = deps;

  async function get(caller: CompanyCaller, id: number): Promise<Proposition> {
    const rows = await listRepository.findPropositions(db, caller.companyId, [id]);
    if (rows.length === 0) throw notFound();
    const [proposition] = await toPropositions(deps, rows);
    return proposition!;
  }

  return {
    get,

    /** The company's proposition template (the product's default when it has none of its own). */
    async template(caller: CompanyCaller): Promise<PropositionTemplate> {
      const own = (await repository.findCompanyMail(db, caller.companyId))?.proposition_template ?? null;
      return own === null
        ? { template: DEFAULT_PROPOSITION_TEMPLATE, is_default: true }
        : { template: own, is_default: false };
    },

    async list(
      caller: CompanyCaller,
      kind: listRepository.PropositionListKind,
      query: PropositionListQuery,
    ): Promise<PropositionListResponse> {
      const { count, rows } = await listRepository.findPropositionPage(db, caller.companyId, kind, query);
      return { count, results: await toPropositions(deps, rows) };
    },

    /**
     * GET propositions/{id}/cars: the company's vehicles for the proposition's load, closest to the first
     * pick-up first (those without a location last). Without show_all only the ones that fit the load
     * (type, dimensions, payload, equipment) and are free to bid (vehicleFit's status rule).
     */
    async cars(
      caller: CompanyCaller,
      id: number,
      query: PropositionCarsQuery,
    ): Promise<PropositionCarsResponse> {
      const [proposition] = await listRepository.findPropositions(db, caller.companyId, [id]);
      if (!proposition) throw notFound();
      const [load, vehicles, points] = await Promise.all([
        repository.findLoadFigures(db, caller.companyId, proposition.load_id),
        repository.findCompanyVehicles(db, caller.companyId),
        repository.findPointsOf(db, [proposition.load_id]),
      ]);
      if (!load) throw notFound();
      const pickUp = points.find((point) => point.lat !== null && point.lon !== null) ?? null;
      const now = deps.now();
      const cars: PropositionCar[] = vehicles.map((vehicle) => {
        const located = vehicle.location_lat !== null && vehicle.location_lon !== null;
        const milesOut =
          located && pickUp
            ? routeDistanceMiles([
                { lat: vehicle.location_lat!, lon: vehicle.location_lon! },
                { lat: pickUp.lat!, lon: pickUp.lon! },
              ])
            : null;
        const eta = milesOut === null ? null : Math.round(transitTimeHours(milesOut) * 3600);
        const fit = vehicleFit(
          {
            vehicle_type: load.vehicle_type,
            length: load.length,
            width: load.width,
            height: load.height,
            weight: load.weight,
            equipment: load.equipment,
            pick_up_date: null,
          },
          {
            transport_type: vehicle.transport_type,
            status: { id: vehicle.status },
            length: vehicle.length_in,
            width: vehicle.width_in,
            height: vehicle.height_in,
            payload: vehicle.payload_lbs,
            equipment: vehicle.equipment,
            can_bid_while_on_load: vehicle.can_bid_while_on_load,
            loads_allowed_for_driver: vehicle.loads_allowed_for_driver,
            loads_allowed_for_owner: vehicle.loads_allowed_for_owner,
            owner: vehicle.owner_id,
            active_driver: vehicle.active_driver_id,
            eta: new Date(now.getTime() + (eta ?? 0) * 1000).toISOString(),
            uses_planned_location: false,
          },
        );
        const place = [vehicle.location_city, vehicle.location_state].filter(Boolean).join(', ');
        return propositionCarSchema.parse({
          id: vehicle.id,
          unit_id: vehicle.unit_id,
          transport_type: vehicle.transport_type,
          status: vehicle.status,
          driver:
            vehicle.active_driver_id === null
              ? null
              : {
                  id: vehicle.active_driver_id,
                  full_name: `${vehicle.driver_first_name ?? ''} ${vehicle.driver_last_name ?? ''}`.trim(),
                },
          current_address: place || null,
          miles_out: milesOut,
          eta,
          fits: !fit.reasons.some((reason) => FIT_REFUSALS.has(reason)),
          available: !fit.reasons.includes('not_available') && vehicle.status !== VEHICLE_STATUS.locked,
        });
      });
      const shown = query.show_all ? cars : cars.filter((car) => car.fits && car.available);
      shown.sort((a, b) => (a.miles_out ?? Infinity) - (b.miles_out ?? Infinity) || a.id - b.id);
      return { count: shown.length, results: shown };
    },
  };
}

/** The reasons that say the vehicle cannot carry the load whatever its status. */
const FIT_REFUSALS = new Set(['type_mismatch', 'too_large', 'too_tall', 'too_heavy', 'missing_equipment']);
