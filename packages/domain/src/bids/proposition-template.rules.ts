import { equipmentDisplay, VEHICLE_TYPES, type EquipmentFlag } from '../common/lookups';
import { formatUsd } from '../common/money';
import { wallTimeInZone, type WallTime } from '../common/time';

// The proposition e-mail: the company's template with the spec's placeholders filled in for one bid.
//
// Syntax. A placeholder is its name in braces: {brokerPrice}. Names are the spec's, case as written:
//   {brokerPrice}      the price asked of the broker: $1,850.00
//   {sign}             the dispatcher's signature: name, company, phone (one per line)
//   {vehicle}          the vehicle type: Sprinter van
//   {eta}              time to reach the pick-up: 2 h 30 min
//   {miles}            deadhead miles to the pick-up: 120
//   {dims}             the cargo box, length x width x height in inches: 144 x 70 x 70 in
//   {arrival}          the arrival window, now + eta to one hour later, Eastern: 11/25 02:30 PM - 03:30 PM EST
//   {phoneNumber}      the dispatcher's phone (the company's when the dispatcher has none)
//   {payload}          the vehicle's payload: 3,500 lbs
//   {internal_number}  the vehicle's unit ID
//   {mapLink}          a Google Maps route from the vehicle to the pick-up
//   {equipment}        the vehicle's equipment: Straps, Lift-gate (None)
//   {dockhigh}         Yes when the vehicle type is dock high (box trucks, straights, tractors, reefers)
//   {current_address}  where the vehicle is: Dallas, TX 75201
//   {door_dims}        the rear door, width x height in inches (the cargo box's: the product keeps no other)
// [bold]...[/bold] makes its text bold in the HTML part and is dropped from the plain-text part. A value the
// bid does not know renders as an empty string, so a template never shows a raw {name} to a broker.
// A `{` not followed by a known name and `}` is ordinary text; validatePropositionTemplate reports unknown
// names and unbalanced bold tags before a company saves its template.

export const PROPOSITION_PLACEHOLDERS = [
  'brokerPrice',
  'sign',
  'vehicle',
  'eta',
  'miles',
  'dims',
  'arrival',
  'phoneNumber',
  'payload',
  'internal_number',
  'mapLink',
  'equipment',
  'dockhigh',
  'current_address',
  'door_dims',
] as const;
export type PropositionPlaceholder = (typeof PROPOSITION_PLACEHOLDERS)[number];

export const MAX_PROPOSITION_TEMPLATE_LENGTH = 5000;

/** The template a company has until it writes its own. */
export const DEFAULT_PROPOSITION_TEMPLATE = [
  'Hello,',
  '',
  'We can take this load for [bold]{brokerPrice}[/bold].',
  '',
  'Vehicle: {vehicle} #{internal_number}, {dims}, door {door_dims}, payload {payload}',
  'Dock high: {dockhigh}. Equipment: {equipment}',
  'Now in {current_address}, {miles} miles out, ETA {eta}',
  'Arrival: [bold]{arrival}[/bold]',
  'Route: {mapLink}',
  '',
  'Please call {phoneNumber} to confirm.',
  '',
  '{sign}',
].join('\n');

/** Vehicle types whose floor meets a loading dock. */
export const DOCK_HIGH_VEHICLE_TYPES: readonly string[] = [
  'BOX TRUCK',
  'SMALL STRAIGHT',
  'LARGE STRAIGHT',
  'TRACTOR',
  'REEFER',
];

export const PROPOSITION_TEMPLATE_MESSAGES = {
  unknownPlaceholder: (name: string) => `Unknown placeholder {${name}}`,
  unbalancedBold: 'Each [bold] needs a [/bold] after it',
  tooLong: `Must have at most ${MAX_PROPOSITION_TEMPLATE_LENGTH} characters`,
} as const;

/** What a bid knows to fill the template; a missing value renders empty. */
export type PropositionFacts = {
  priceCents: number;
  /** Seconds from now until the vehicle can be at the pick-up. */
  etaSeconds: number;
  now: Date;
  milesOut: number | null;
  dispatcher: { first_name: string; last_name: string; phone_number: string | null } | null;
  company: { name: string; phone: string | null };
  vehicle: {
    unit_id: string;
    transport_type: string;
    length_in: number | null;
    width_in: number | null;
    height_in: number | null;
    payload_lbs: number | null;
    equipment: Partial<Record<EquipmentFlag, boolean>>;
    location: {
      city: string | null;
      state: string | null;
      zip_code: string | null;
      lat: number | null;
      lon: number | null;
    } | null;
  };
  pickUp: { lat: number | null; lon: number | null } | null;
};

const PLACEHOLDER = /\{([A-Za-z_]+)\}/g;
const BOLD = /\[bold\]([\s\S]*?)\[\/bold\]/g;

const number = new Intl.NumberFormat('en-US');

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function clock(time: WallTime): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${pad(hour12)}:${pad(time.minute)} ${time.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The arrival window: from now + eta to one hour later, Eastern wall time, as the spec shows it:
 * '11/25 02:30 PM - 03:30 PM EST'; the date is repeated when the window crosses midnight.
 */
export function arrivalWindow(now: Date, etaSeconds: number): string {
  const start = wallTimeInZone(new Date(now.getTime() + etaSeconds * 1000));
  const end = wallTimeInZone(new Date(now.getTime() + etaSeconds * 1000 + 3600_000));
  const day = (time: WallTime) => `${pad(time.month)}/${pad(time.day)}`;
  const sameDay = start.month === end.month && start.day === end.day;
  return `${day(start)} ${clock(start)} - ${sameDay ? '' : `${day(end)} `}${clock(end)} EST`;
}

/** A duration as the template shows it: '45 min', '2 h', '2 h 30 min'. */
export function etaText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function inches(...sides: (number | null)[]): string {
  return sides.every((side) => side !== null) ? `${sides.join(' x ')} in` : '';
}

/** The value of each placeholder for one bid. */
export function propositionValues(facts: PropositionFacts): Record<PropositionPlaceholder, string> {
  const { vehicle, dispatcher, company } = facts;
  const location = vehicle.location;
  const phone = dispatcher?.phone_number || company.phone || '';
  const place = location
    ? [[location.city, location.state].filter(Boolean).join(', '), location.zip_code]
        .filter(Boolean)
        .join(' ')
    : '';
  const canRoute =
    location?.lat != null && location.lon != null && facts.pickUp?.lat != null && facts.pickUp.lon != null;
  return {
    brokerPrice: formatUsd(facts.priceCents),
    sign: [dispatcher ? `${dispatcher.first_name} ${dispatcher.last_name}`.trim() : '', company.name, phone]
      .filter(Boolean)
      .join('\n'),
    vehicle: VEHICLE_TYPES.find((type) => type.id === vehicle.transport_type)?.en ?? vehicle.transport_type,
    eta: etaText(facts.etaSeconds),
    miles: facts.milesOut === null ? '' : number.format(Math.round(facts.milesOut)),
    dims: inches(vehicle.length_in, vehicle.width_in, vehicle.height_in),
    arrival: arrivalWindow(facts.now, facts.etaSeconds),
    phoneNumber: phone,
    payload: vehicle.payload_lbs === null ? '' : `${number.format(vehicle.payload_lbs)} lbs`,
    internal_number: vehicle.unit_id,
    mapLink: canRoute
      ? `https://www.google.com/maps/dir/?api=1&origin=${location.lat},${location.lon}` +
        `&destination=${facts.pickUp!.lat},${facts.pickUp!.lon}`
      : '',
    equipment: equipmentDisplay(vehicle.equipment),
    dockhigh: DOCK_HIGH_VEHICLE_TYPES.includes(vehicle.transport_type) ? 'Yes' : 'No',
    current_address: place,
    door_dims: inches(vehicle.width_in, vehicle.height_in),
  };
}

function isPlaceholder(name: string): name is PropositionPlaceholder {
  return (PROPOSITION_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The template with its placeholders filled; [bold] tags are kept (the message as stored and shown). */
export function fillPropositionTemplate(
  template: string,
  values: Record<PropositionPlaceholder, string>,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

/** The plain-text part of the e-mail: the [bold] tags dropped. */
export function propositionPlainText(message: string): string {
  return message.replace(BOLD, '$1');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The HTML part: the text escaped, [bold] as <b>, line breaks as <br>. */
export function propositionHtml(message: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of message.matchAll(BOLD)) {
    parts.push(escapeHtml(message.slice(last, match.index)));
    parts.push(`<b>${escapeHtml(match[1] ?? '')}</b>`);
    last = match.index + match[0].length;
  }
  parts.push(escapeHtml(message.slice(last)));
  return `<div>${parts.join('').replace(/\r?\n/g, '<br>')}</div>`;
}

/** What is wrong with a template a company wants to save (empty: nothing). */
export function validatePropositionTemplate(template: string): string[] {
  const problems: string[] = [];
  if (template.length > MAX_PROPOSITION_TEMPLATE_LENGTH) problems.push(PROPOSITION_TEMPLATE_MESSAGES.tooLong);
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!isPlaceholder(name)) problems.push(PROPOSITION_TEMPLATE_MESSAGES.unknownPlaceholder(name));
  }
  const withoutPairs = template.replace(BOLD, '$1');
  if (/\[\/?bold\]/.test(withoutPairs)) problems.push(PROPOSITION_TEMPLATE_MESSAGES.unbalancedBold);
  return [...new Set(problems)];
}

/** The default subject: 'Load #000042 Dallas, TX - Houston, TX' (the load id when it has no number yet). */
export function propositionSubject(
  load: { id: number; load_accounting_number: number | null },
  pickUp: { city: string; state: string } | null,
  delivery: { city: string; state: string } | null,
): string {
  const number =
    load.load_accounting_number === null
      ? String(load.id)
      : String(load.load_accounting_number).padStart(6, '0');
  const lane = [pickUp, delivery]
    .filter((point): point is { city: string; state: string } => point !== null)
    .map((point) => `${point.city}, ${point.state}`)
    .join(' - ');
  return lane ? `Load #${number} ${lane}` : `Load #${number}`;
}
