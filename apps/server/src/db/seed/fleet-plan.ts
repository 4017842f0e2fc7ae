/**
 * The fleet of a demo company, planned in memory before anything is written: owners, the drivers they
 * employ (an owner-operator drives the unit himself) and the vehicles with their specifications. Rows
 * refer to each other by position in these lists; the seed maps positions to ids as it inserts them.
 */
import type { EquipmentFlags, VehicleType } from '../schema';
import { CITIES, type City } from './cities';
import {
  createNamePicker,
  phoneNumber,
  VEHICLE_MODELS,
  VEHICLE_TYPE_WEIGHTS,
  type PersonName,
} from './content';
import { easternDateOnly } from '@app/domain/common/time';
import { addDays } from './dates';
import type { CompanySpec } from './demo-companies';
import type { Random } from './random';
import type { SeededUser } from './seeded-records';

export type OwnerPlan = PersonName & {
  company_name: string | null;
  phone_number: string;
  email: string;
  is_wage_visible: boolean;
  homeCity: City;
};

export type DriverPlan = PersonName & {
  ownerIndex: number;
  phone_number: string;
  email: string | null;
  status: 'Active' | 'Pending' | 'Fired';
  is_active: boolean;
  license_number: string;
  license_state: string;
  license_expiry: string;
};

export type VehiclePlan = {
  unit_id: string;
  transport_type: VehicleType;
  model: string;
  year: number;
  width_in: number;
  height_in: number;
  length_in: number;
  payload_lbs: number;
  vin: string;
  license_plate: string;
  license_state: string;
  license_expiry: string;
  insurance_expiry: string;
  equipment: EquipmentFlags;
  ownerIndex: number;
  driverIndexes: number[];
  activeDriverIndex: number;
  dispatcher: SeededUser;
  homeCity: City;
};

export type FleetPlan = { owners: OwnerPlan[]; drivers: DriverPlan[]; vehicles: VehiclePlan[] };

const FLEET_NAME_TEMPLATES: readonly ((name: PersonName) => string)[] = [
  (name) => `${name.last_name} Logistics LLC`,
  (name) => `${name.last_name} Transport Inc.`,
  (name) => `${name.last_name} Express LLC`,
  (name) => `${name.last_name} Trucking Co.`,
  (name) => `${name.first_name} ${name.last_name} Freight LLC`,
];

/** Characters a VIN may contain (no I, O or Q). */
const VIN_CHARACTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function planFleet(
  random: Random,
  spec: CompanySpec['fleet'],
  context: { now: Date; dispatchers: SeededUser[]; takenNames: string[] },
): FleetPlan {
  const nextName = createNamePicker(random, context.takenNames);
  const owners = planOwners(random, spec, nextName);
  const vehicleOwners = assignVehiclesToOwners(spec);
  const vehicleTypes = planVehicleTypes(random, spec.vehicles);
  const now = context.now;

  const drivers: DriverPlan[] = [];
  const addDriver = (ownerIndex: number, name: PersonName, state: string): number => {
    drivers.push(planDriver(random, ownerIndex, name, state, now));
    return drivers.length - 1;
  };

  // Which units carry a team (two drivers), which registrations and insurance policies run out soon.
  const shuffledUnits = random.shuffle(Array.from({ length: spec.vehicles }, (_, index) => index));
  const teamUnits = new Set(shuffledUnits.slice(0, spec.teamVehicles));
  const registrationExpiringSoon = new Set(shuffledUnits.slice(spec.teamVehicles, spec.teamVehicles + 3));
  const registrationExpired = shuffledUnits[spec.teamVehicles + 3];
  const insuranceExpiringSoon = new Set(shuffledUnits.slice(spec.teamVehicles + 4, spec.teamVehicles + 6));

  const vehicles = vehicleTypes.map((type, index): VehiclePlan => {
    const ownerIndex = vehicleOwners[index]!;
    const owner = owners[ownerIndex]!;
    const ownerOperator = ownerIndex >= spec.fleetOwners;
    const state = owner.homeCity.state;
    const driverIndexes = [addDriver(ownerIndex, ownerOperator ? owner : nextName(), state)];
    if (teamUnits.has(index)) driverIndexes.push(addDriver(ownerIndex, nextName(), state));
    const model = random.pick(VEHICLE_MODELS[type]);
    const equipment: EquipmentFlags = {};
    for (const flag of model.equipment) equipment[flag] = true;
    for (const flag of model.optionalEquipment) if (random.chance(0.4)) equipment[flag] = true;

    let licenseExpiry = addDays(now, random.int(45, 360));
    if (registrationExpiringSoon.has(index)) licenseExpiry = addDays(now, random.int(4, 28));
    if (index === registrationExpired) licenseExpiry = addDays(now, -random.int(3, 12));
    const insuranceExpiry = insuranceExpiringSoon.has(index)
      ? addDays(now, random.int(6, 27))
      : addDays(now, random.int(40, 330));

    return {
      unit_id: String(spec.firstUnitNumber + index),
      transport_type: type,
      model: model.model,
      year: now.getUTCFullYear() - random.int(0, 8),
      length_in: model.dims[0],
      width_in: model.dims[1],
      height_in: model.dims[2],
      payload_lbs: Math.round(random.int(...model.payloadLbs) / 50) * 50,
      vin: model.vinPrefix + Array.from({ length: 14 }, () => random.pick(VIN_CHARACTERS)).join(''),
      license_plate:
        owner.homeCity.country === 'CA'
          ? `${random.letters(4)} ${random.digits(3)}`
          : `${random.letters(2)}${random.digits(5)}`,
      license_state: state,
      license_expiry: easternDateOnly(licenseExpiry),
      insurance_expiry: easternDateOnly(insuranceExpiry),
      equipment,
      ownerIndex,
      driverIndexes,
      activeDriverIndex: driverIndexes[0]!,
      // Round robin, so that the first dispatcher (dispatcher@demo.test) has a full board of units.
      dispatcher: context.dispatchers[index % context.dispatchers.length]!,
      homeCity: owner.homeCity,
    };
  });

  // Drivers hired but not on a unit yet: one waiting for paperwork, one who has left.
  const spare = spec.drivers - drivers.length;
  for (let index = 0; index < spare; index++) {
    const ownerIndex = index % Math.max(1, spec.fleetOwners);
    const driver = planDriver(random, ownerIndex, nextName(), owners[ownerIndex]!.homeCity.state, now);
    const fired = index % 2 === 1;
    drivers.push({ ...driver, status: fired ? 'Fired' : 'Pending', is_active: !fired });
  }

  // One driver's licence runs out within the month, so the expiry warnings have something to show.
  const soonExpiringDriver = drivers[random.int(0, drivers.length - 1)];
  if (soonExpiringDriver)
    soonExpiringDriver.license_expiry = easternDateOnly(addDays(now, random.int(5, 25)));

  return { owners, drivers, vehicles };
}

function planOwners(random: Random, spec: CompanySpec['fleet'], nextName: () => PersonName): OwnerPlan[] {
  return Array.from({ length: spec.owners }, (_, index): OwnerPlan => {
    const name = nextName();
    const homeCity = random.chance(0.85)
      ? random.pick(CITIES.filter((city) => city.country === 'US'))
      : random.pick(CITIES.filter((city) => city.country === 'CA'));
    const isFleetOwner = index < spec.fleetOwners;
    // A few owner-operators run under their own small LLC too.
    const companyName = isFleetOwner || random.chance(0.2) ? random.pick(FLEET_NAME_TEMPLATES)(name) : null;
    return {
      ...name,
      company_name: companyName,
      phone_number: phoneNumber(random, homeCity.state),
      email: companyName
        ? `dispatch@${slug(companyName.replace(/ (LLC|Inc\.|Co\.)$/, ''))}.test`
        : `${slug(name.first_name)}.${slug(name.last_name)}@mail.test`,
      is_wage_visible: random.chance(0.5),
      homeCity,
    };
  });
}

/** Every owner has a unit; the extra units go to the fleet owners in turn. */
function assignVehiclesToOwners(spec: CompanySpec['fleet']): number[] {
  const owners = Array.from({ length: Math.min(spec.owners, spec.vehicles) }, (_, index) => index);
  const fleetOwners = Math.max(1, spec.fleetOwners);
  for (let extra = 0; owners.length < spec.vehicles; extra++) owners.push(extra % fleetOwners);
  return owners.sort((a, b) => a - b);
}

/**
 * The transport types of the fleet in proportion to their weights (largest remainders), so that a fleet
 * of any size has the usual mix, in shuffled order.
 */
function planVehicleTypes(random: Random, count: number): VehicleType[] {
  const totalWeight = VEHICLE_TYPE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const shares = VEHICLE_TYPE_WEIGHTS.map(([type, weight]) => ({
    type,
    exact: (count * weight) / totalWeight,
  }));
  const types = shares.flatMap(({ type, exact }) => Array.from({ length: Math.floor(exact) }, () => type));
  const byRemainder = [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1));
  for (const { type } of byRemainder.slice(0, count - types.length)) types.push(type);
  return random.shuffle(types);
}

function planDriver(
  random: Random,
  ownerIndex: number,
  name: PersonName,
  state: string,
  now: Date,
): DriverPlan {
  return {
    first_name: name.first_name,
    last_name: name.last_name,
    ownerIndex,
    phone_number: phoneNumber(random, state),
    email: random.chance(0.6)
      ? `${slug(name.first_name)}.${slug(name.last_name)}${random.digits(2)}@mail.test`
      : null,
    status: 'Active',
    is_active: true,
    license_number: `${random.letters(1)}${random.digits(random.int(7, 12))}`,
    license_state: state,
    license_expiry: easternDateOnly(addDays(now, random.int(60, 1400))),
  };
}
