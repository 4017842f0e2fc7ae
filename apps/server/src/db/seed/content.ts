/**
 * Word lists for the demo data: people's names, brokerage names, street names, vehicle models, phone area
 * codes and load notes. Every company and person here is made up.
 */
import type { EquipmentFlags, VehicleType } from '../schema';
import type { Random } from './random';

export type PersonName = { first_name: string; last_name: string };

function words(text: string): readonly string[] {
  return text.split(' ');
}

/** First and last names grouped by origin, so that a generated name reads like a real person's. */
const NAME_GROUPS: readonly { weight: number; first: readonly string[]; last: readonly string[] }[] = [
  {
    weight: 50,
    first: words(
      'James Robert David William Richard Joseph Thomas Christopher Daniel Matthew Anthony Mark ' +
        'Steven Paul Andrew Joshua Kenneth Brian George Timothy Ronald Jeffrey Ryan Gary Nicholas ' +
        'Eric Jonathan Scott Justin Samuel Gregory Patrick Raymond Dennis Aaron Adam Nathan ' +
        'Zachary Douglas Kyle Travis Dustin Wayne Randy Bobby Russell Lisa Angela Denise Crystal ' +
        'Tanya Monique Shawn Derrick Marcus Terrence',
    ),
    last: words(
      'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Jackson ' +
        'Martin Thompson White Harris Clark Lewis Robinson Young Allen King Wright Hill Green ' +
        'Adams Nelson Baker Hall Campbell Roberts Phillips Evans Turner Parker Collins Edwards ' +
        'Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Howard Ward ' +
        'Cox Richardson Wood Watson Brooks Gray James Hughes Price Sanders Myers Long Ross ' +
        'Jenkins Perry Powell Russell Griffin Hayes Wallace Henderson Dixon Boyd',
    ),
  },
  {
    weight: 16,
    first: words(
      'Jose Luis Miguel Carlos Jorge Ricardo Alejandro Juan Francisco Pedro Eduardo Javier Raul ' +
        'Hector Maria Rosa Carmen Adriana',
    ),
    last: words(
      'Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Torres Flores Rivera ' +
        'Gomez Diaz Reyes Morales Ortiz Gutierrez Chavez Mendoza Castillo Vargas Romero Herrera ' +
        'Medina Aguilar',
    ),
  },
  {
    weight: 16,
    first: words(
      'Dmitri Sergei Andriy Oleksandr Vitaliy Igor Bogdan Nikolai Marek Tomasz Pavel Ruslan ' +
        'Yuriy Vasile Mihai Aleksandar Denys Roman',
    ),
    last: words(
      'Kowalski Novak Petrov Ivanenko Shevchenko Kovalenko Popescu Bondarenko Tkachenko Kravets ' +
        'Melnyk Sokolov Morozov Lysenko Zielinski Wisniewski Moldovan Rusu Jovanovic Horvat',
    ),
  },
  {
    weight: 8,
    first: words('Harpreet Gurpreet Manpreet Jaswinder Rajesh Amandeep Sukhdeep Kulwinder'),
    last: words('Singh Sandhu Gill Dhillon Grewal Sidhu Brar Randhawa'),
  },
  {
    weight: 6,
    first: words('Jean Francois Luc Mathieu Sebastien Martin Isabelle Julie'),
    last: words('Tremblay Gagnon Roy Cote Bouchard Gauthier Morin Lavoie Fortin Pelletier'),
  },
  {
    weight: 4,
    first: words('Abdi Mohamed Hassan Abdullahi Yusuf Ahmed'),
    last: words('Warsame Ali Hassan Farah Abdi Osman Jama'),
  },
];

/** Generates distinct names; names already in use (the staff's) are passed in and never repeated. */
export function createNamePicker(random: Random, taken: Iterable<string> = []): () => PersonName {
  const used = new Set(taken);
  const groups = NAME_GROUPS.map((group) => [group, group.weight] as const);
  return () => {
    for (;;) {
      const group = random.weighted(groups);
      const name = { first_name: random.pick(group.first), last_name: random.pick(group.last) };
      const key = `${name.first_name} ${name.last_name}`;
      if (!used.has(key)) {
        used.add(key);
        return name;
      }
    }
  };
}

/** Brokerages (made-up names) for Demo Carrier. */
export const DEMO_BROKER_NAMES: readonly string[] = [
  'Summit Freight Partners',
  'Blue Ridge Logistics Group',
  'Lakeshore Transport Brokerage',
  'Ironwood Freight Solutions',
  'Prairie Wind Logistics',
  'Harborline Shipping Services',
  'Redstone Expedite Network',
  'Northstar Cargo Brokers',
  'Crescent Bay Logistics',
  'Keystone Lane Freight',
  'Silver Creek Transportation',
  'Pinecrest Logistics',
  'Great Plains Freight Exchange',
  'Coastal Bridge Logistics',
  'Maple Crossing Freight',
  'Evergreen Supply Chain Brokers',
  'Timberline Logistics',
  'Copperfield Freight Services',
  'Riverbend Expedited',
  'Granite Peak Logistics',
  'Heartland Hotshot Brokerage',
  'Bayfront Cargo Solutions',
  'Westfield Load Partners',
  'Clearwater Freight Group',
  'Stonebridge Logistics',
  'Falcon Point Expedite',
];

/** Shippers that book the carrier directly (non-OTR companies: no MC number). */
export const DEMO_SHIPPER_NAMES: readonly string[] = [
  'Midland Auto Parts Distribution',
  'Valley Medical Supply',
  'Tri-County Printing Co.',
  'Lakeside Electronics Assembly',
];

export const OTHER_BROKER_NAMES: readonly string[] = [
  'Northern Lights Logistics',
  'Cedar Valley Freight',
  'Lone Oak Transport Brokers',
  'Sunbelt Freight Connect',
];

export const OTHER_SHIPPER_NAMES: readonly string[] = ['Brightwater Packaging Ltd.'];

const STREETS: readonly string[] = [
  'W Industrial Ave',
  'Commerce Dr',
  'Distribution Way',
  'N Logistics Blvd',
  'Enterprise Pkwy',
  'E Warehouse Rd',
  'Corporate Center Dr',
  'S Freight St',
  'Airport Rd',
  'Progress Dr',
  'Technology Blvd',
  'Gateway Blvd',
  'Park Center Dr',
  'Railroad Ave',
  'Manufacturing Way',
  'Trade Center Pkwy',
  'Harbor Blvd',
  'Midway Rd',
  'Industrial Park Rd',
  'Commerce Park Dr',
  'Executive Dr',
  'Business Center Dr',
];

const QUEBEC_STREETS: readonly string[] = [
  'Rue du Commerce',
  'Boulevard Industriel',
  'Rue Notre-Dame Ouest',
  'Avenue de la Gare',
  'Rue des Entrepreneurs',
];

/** A street address like '1250 W Industrial Ave'. */
export function streetAddress(random: Random, state: string): string {
  const number = random.int(1, 96) * 100 + random.pick([0, 0, 10, 25, 40, 50, 75]);
  if (state === 'QC') return `${number} ${random.pick(QUEBEC_STREETS)}`;
  return `${number} ${random.pick(STREETS)}`;
}

/** Telephone area codes by state or province, for phone numbers that match where a person is. */
const AREA_CODES: Record<string, readonly string[]> = {
  IL: ['312', '630', '773', '847', '815'],
  IN: ['317', '260'],
  OH: ['614', '216', '513', '419'],
  MI: ['313', '616', '248'],
  WI: ['414', '920'],
  MN: ['612', '651'],
  MO: ['314', '816'],
  NE: ['402'],
  IA: ['515'],
  KS: ['316'],
  ND: ['701'],
  SD: ['605'],
  KY: ['502', '859'],
  TN: ['615', '901', '865'],
  GA: ['404', '678', '912'],
  NC: ['704', '919', '336'],
  SC: ['864', '803'],
  FL: ['904', '407', '813', '305'],
  AL: ['205'],
  MS: ['601'],
  LA: ['504'],
  AR: ['501'],
  TX: ['214', '817', '713', '210', '512', '956', '915'],
  OK: ['405', '918'],
  NM: ['505'],
  AZ: ['602', '520'],
  CO: ['303', '720'],
  UT: ['801'],
  NV: ['702', '775'],
  ID: ['208'],
  CA: ['213', '909', '619', '559', '916', '510'],
  OR: ['503'],
  WA: ['206', '509'],
  PA: ['412', '215', '717', '610'],
  NJ: ['973', '732'],
  NY: ['212', '716', '518', '315'],
  MA: ['617'],
  CT: ['860'],
  MD: ['410'],
  VA: ['804', '757'],
  ON: ['416', '905', '519', '613'],
  QC: ['514', '418'],
  MB: ['204'],
  SK: ['306'],
  AB: ['403', '780'],
  BC: ['604'],
  NS: ['902'],
};

/** A phone number in the 555-01xx range, which is reserved for fiction: '(312) 555-0142'. */
export function phoneNumber(random: Random, state: string): string {
  const areaCode = random.pick(AREA_CODES[state] ?? ['800']);
  return `(${areaCode}) 555-01${random.digits(2)}`;
}

/** Cargo space in inches: length, width, height. */
type CargoDims = readonly [length: number, width: number, height: number];

export type VehicleModel = {
  model: string;
  /** The manufacturer's world identifier that starts the VIN. */
  vinPrefix: string;
  dims: CargoDims;
  /** Payload in lbs; it depends on how the unit is built, so it varies within the range. */
  payloadLbs: readonly [number, number];
  /** Equipment every unit of this kind carries; `optionalEquipment` entries are present on some. */
  equipment: readonly (keyof EquipmentFlags)[];
  optionalEquipment: readonly (keyof EquipmentFlags)[];
};

function van(model: string, vinPrefix: string, dims: CargoDims, payloadLbs: [number, number]): VehicleModel {
  return {
    model,
    vinPrefix,
    dims,
    payloadLbs,
    equipment: ['straps', 'load_bars'],
    optionalEquipment: ['ppe', 'dolly', 'e_tracks', 'pallet_jack'],
  };
}

function truck(
  model: string,
  vinPrefix: string,
  dims: CargoDims,
  payloadLbs: [number, number],
  equipment: readonly (keyof EquipmentFlags)[] = ['straps', 'load_bars', 'e_tracks'],
  optionalEquipment: readonly (keyof EquipmentFlags)[] = [
    'ppe',
    'dolly',
    'pallet_jack',
    'air_ride',
    'liftgate',
  ],
): VehicleModel {
  return { model, vinPrefix, dims, payloadLbs, equipment, optionalEquipment };
}

/** Models by transport type, with their cargo space and payload as expedite carriers list them. */
export const VEHICLE_MODELS: Record<VehicleType, readonly VehicleModel[]> = {
  'CARGO VAN': [
    van('Ford Transit 250 High Roof', '1FT', [144, 51, 81], [3000, 3600]),
    van('Ram ProMaster 2500 High Roof', '3C6', [147, 53, 76], [3200, 3800]),
    van('Chevrolet Express 2500', '1GC', [146, 52, 53], [2800, 3300]),
  ],
  'SPRINTER VAN': [
    van('Mercedes-Benz Sprinter 2500 170" High Roof', 'W1Y', [170, 54, 71], [3000, 3500]),
    van('Mercedes-Benz Sprinter 3500 170" High Roof', 'W1Y', [170, 54, 71], [3800, 4500]),
  ],
  VAN: [
    van('Ford Transit 350 HD Extended', '1FT', [172, 53, 81], [3800, 4300]),
    van('Ram ProMaster 3500 Extended', '3C6', [159, 53, 76], [3700, 4200]),
  ],
  SPRINTER: [van('Freightliner Sprinter 3500XD', '3AK', [170, 54, 71], [4200, 4900])],
  'BOX TRUCK': [
    truck('Isuzu NPR-HD 16 ft box', 'JAL', [192, 96, 90], [5500, 6800]),
    truck('Hino 195 18 ft box', '5PV', [216, 96, 96], [6500, 8000]),
    truck('Ford E-450 16 ft box', '1FD', [192, 92, 84], [4800, 5800]),
  ],
  'SMALL STRAIGHT': [
    truck('Isuzu NRR 20 ft box', 'JAL', [240, 96, 98], [9000, 10500]),
    truck('Hino 258 22 ft box', '5PV', [264, 97, 100], [10000, 11500]),
  ],
  'LARGE STRAIGHT': [
    truck('Freightliner M2 106 26 ft box', '3AL', [312, 98, 102], [11000, 13500]),
    truck('International MV607 26 ft box', '1HT', [312, 98, 102], [11500, 14000]),
  ],
  LIFTGATE: [
    truck(
      'Isuzu NPR-HD 18 ft box with liftgate',
      'JAL',
      [216, 96, 90],
      [5000, 6200],
      ['liftgate', 'pallet_jack', 'straps', 'e_tracks'],
      ['ppe', 'dolly', 'air_ride'],
    ),
  ],
  FLATBED: [
    truck(
      'Ford F-550 20 ft flatbed',
      '1FD',
      [240, 96, 96],
      [8000, 9500],
      ['straps', 'tent'],
      ['ppe', 'bulkhead'],
    ),
  ],
  TRACTOR: [
    truck(
      'Freightliner Cascadia with 53 ft dry van',
      '3AK',
      [630, 100, 110],
      [42000, 45000],
      ['straps', 'load_bars', 'e_tracks', 'air_ride'],
      ['ppe', 'pallet_jack'],
    ),
  ],
  REEFER: [
    truck(
      'Isuzu NPR-HD 16 ft reefer',
      'JAL',
      [188, 90, 82],
      [5000, 6000],
      ['temp_control', 'straps', 'load_bars'],
      ['ppe', 'pallet_jack'],
    ),
  ],
};

/**
 * How common each transport type is in an expedite fleet: mostly vans, box trucks and 26 ft straights.
 * The weights add up to 40, the demo fleet's size, so that fleet has exactly these numbers of units.
 */
export const VEHICLE_TYPE_WEIGHTS: readonly (readonly [VehicleType, number])[] = [
  ['CARGO VAN', 9],
  ['SPRINTER VAN', 9],
  ['VAN', 2],
  ['SPRINTER', 2],
  ['BOX TRUCK', 7],
  ['SMALL STRAIGHT', 2],
  ['LARGE STRAIGHT', 5],
  ['LIFTGATE', 1],
  ['FLATBED', 1],
  ['TRACTOR', 1],
  ['REEFER', 1],
];

/** Expedite rate per loaded mile in dollars by transport type. */
export const RATE_PER_MILE: Record<VehicleType, readonly [number, number]> = {
  'CARGO VAN': [1.5, 2.1],
  'SPRINTER VAN': [1.6, 2.3],
  VAN: [1.6, 2.3],
  SPRINTER: [1.7, 2.4],
  'BOX TRUCK': [2.0, 2.8],
  'SMALL STRAIGHT': [2.2, 2.9],
  'LARGE STRAIGHT': [2.4, 3.2],
  LIFTGATE: [2.2, 3.0],
  FLATBED: [2.3, 3.1],
  TRACTOR: [2.4, 3.2],
  REEFER: [2.4, 3.2],
};

export const LOAD_NOTES: readonly string[] = [
  'Call shipper 1 hour before arrival.',
  'Appointment required at delivery, do not be late.',
  'Driver must have PPE: vest, hard hat and steel-toe boots.',
  'Blind shipment: do not discuss rates with shipper or consignee.',
  'Hot load, no stops on the way. Send updates every 2 hours.',
  'Check in at guard shack, use dock 4.',
  'Fragile electronics, load bars required.',
  'Pallets are stackable, max 2 high.',
  'Liftgate needed at delivery, no dock.',
  'Photos of freight and seal required at pick-up.',
];

export const RATING_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: ['New broker, no history yet'],
  2: ['Authority under 6 months', 'Insurance certificate could not be verified'],
  3: ['Credit check passed, pays within 30 days', 'Good payment history', 'Reliable, quick pay available'],
  4: [
    'Invoices over 90 days past due',
    'Suspected double brokering',
    'Rate confirmation did not match the load',
  ],
  5: ['Call the office before booking: slow pay lately', 'New contact, verify identity by phone'],
};

export const BLACKLIST_REASONS: readonly string[] = [
  'Did not pay two invoices, over 90 days past due',
  'Double brokered our load without notice',
  'Sent a rate confirmation from a spoofed e-mail address',
];

export const DRIVER_BID_REJECTION_REASONS: readonly string[] = [
  'Rate is too high for this lane',
  'Vehicle is too far from the pick-up',
  'Broker needs a dock-high truck',
];
