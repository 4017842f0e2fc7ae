// The load board's filter templates (shell spec, "Loadboard template"): the current template is None,
// Custom or a named one. Changing a filter with no template creates Custom; changing a filter on a named
// template updates that template and saves it (PUT profile/update-filters {filters_data_2}). Named
// templates live in the user's filters_data_2 (a JSON list); the current and the custom template in the
// browser's local storage. Pure, so the page and its tests apply the same rules.

import { isRegionCode, VEHICLE_TYPE_IDS } from '../common/lookups';
import type { VehicleType } from '../common/lookups';
import { MAX_BOARD_TEMPLATES, MAX_TEMPLATE_NAME } from './loadboard.schema';

/** The filters a template holds, with the spec's field names. */
export type BoardFilters = {
  /** Pick-up state or province codes (pickUpAt_state). */
  pickupStates: string[];
  /** Delivery state or province codes (deliverTo_state). */
  deliveryStates: string[];
  /** Vehicle types: the types wanted (car) or, with vehiclesExclude, the types left out (not_car). */
  vehicleTypes: VehicleType[];
  vehiclesExclude: boolean;
  /** Most loaded miles of a load (max_miles); null for any. */
  miles: number | null;
  /** Most miles from a fitting vehicle to the pick-up for `match` (max_miles_out); null for the server's. */
  maxMiles: number | null;
  /** Broker company ids: the brokers wanted (brokers) or, with brokersExclude, left out (not_brokers). */
  brokers: number[];
  brokersExclude: boolean;
  /** Only loads a vehicle of a fitting type can reach within maxMiles. */
  match: boolean;
};

export type BoardTemplate = BoardFilters & { name: string };

/** None, Custom or a named template. */
export type CurrentTemplate = { kind: 'none' } | { kind: 'custom' } | { kind: 'named'; name: string };

export const NO_TEMPLATE: CurrentTemplate = { kind: 'none' };
export const CUSTOM_TEMPLATE: CurrentTemplate = { kind: 'custom' };

export const EMPTY_BOARD_FILTERS: BoardFilters = {
  pickupStates: [],
  deliveryStates: [],
  vehicleTypes: [],
  vehiclesExclude: false,
  miles: null,
  maxMiles: null,
  brokers: [],
  brokersExclude: false,
  match: false,
};

export type BoardTemplatesState = {
  current: CurrentTemplate;
  /** The Custom template's filters (kept when another template is picked, so Custom can be picked back). */
  custom: BoardFilters;
  /** The user's named templates, from filters_data_2. */
  named: BoardTemplate[];
};

/** What a change leads to: the new state, and the named templates to save when they changed. */
export type TemplateChange = { state: BoardTemplatesState; save: BoardTemplate[] | null };

function filtersOf(template: BoardFilters): BoardFilters {
  return {
    pickupStates: [...template.pickupStates],
    deliveryStates: [...template.deliveryStates],
    vehicleTypes: [...template.vehicleTypes],
    vehiclesExclude: template.vehiclesExclude,
    miles: template.miles,
    maxMiles: template.maxMiles,
    brokers: [...template.brokers],
    brokersExclude: template.brokersExclude,
    match: template.match,
  };
}

/** The filters in force: none, the Custom template's or the named template's (None when it is gone). */
export function currentFilters(state: BoardTemplatesState): BoardFilters {
  const { current } = state;
  if (current.kind === 'custom') return filtersOf(state.custom);
  if (current.kind === 'named') {
    const template = state.named.find((entry) => entry.name === current.name);
    if (template) return filtersOf(template);
  }
  return filtersOf(EMPTY_BOARD_FILTERS);
}

/** Picks None, Custom or a named template; an unknown name falls back to None. */
export function selectTemplate(state: BoardTemplatesState, current: CurrentTemplate): BoardTemplatesState {
  if (current.kind === 'named' && !state.named.some((entry) => entry.name === current.name)) {
    return { ...state, current: NO_TEMPLATE };
  }
  return { ...state, current };
}

/**
 * A filter changed. With no template this creates Custom; on Custom it changes Custom; on a named
 * template it updates that template and saves the named list.
 */
export function changeFilters(state: BoardTemplatesState, patch: Partial<BoardFilters>): TemplateChange {
  const next = { ...currentFilters(state), ...patch };
  const { current } = state;
  if (current.kind === 'named' && state.named.some((entry) => entry.name === current.name)) {
    const named = state.named.map((entry) =>
      entry.name === current.name ? { name: entry.name, ...filtersOf(next) } : entry,
    );
    return { state: { ...state, named }, save: named };
  }
  return { state: { ...state, current: CUSTOM_TEMPLATE, custom: next }, save: null };
}

/** None and Custom are the picker's own entries, and how the current template is stored. */
const RESERVED_NAMES = new Set(['none', 'custom']);

export type TemplateNameProblem = 'required' | 'too_long' | 'reserved' | 'too_many';

/** Names are told apart without regard to case, as the server checks filters_data_2. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Why a name cannot be used: empty, too long, None/Custom, or a new name when the user already has the
 * most templates; null when it can. A taken name is allowed: saving under it replaces that template.
 */
export function templateNameProblem(
  name: string,
  named: readonly BoardTemplate[] = [],
): TemplateNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > MAX_TEMPLATE_NAME) return 'too_long';
  if (RESERVED_NAMES.has(trimmed.toLowerCase())) return 'reserved';
  const isNew = !named.some((entry) => sameName(entry.name, trimmed));
  if (isNew && named.length >= MAX_BOARD_TEMPLATES) return 'too_many';
  return null;
}

/** Saves the filters in force as a named template (replacing one of that name), which becomes current. */
export function saveTemplateAs(state: BoardTemplatesState, name: string): TemplateChange {
  const trimmed = name.trim();
  if (templateNameProblem(trimmed, state.named)) return { state, save: null };
  const template: BoardTemplate = { name: trimmed, ...currentFilters(state) };
  const exists = state.named.some((entry) => sameName(entry.name, trimmed));
  const named = exists
    ? state.named.map((entry) => (sameName(entry.name, trimmed) ? template : entry))
    : [...state.named, template];
  return { state: { ...state, named, current: { kind: 'named', name: trimmed } }, save: named };
}

/** Deletes a named template; when it was current, the board goes back to None. */
export function deleteTemplate(state: BoardTemplatesState, name: string): TemplateChange {
  if (!state.named.some((entry) => entry.name === name)) return { state, save: null };
  const named = state.named.filter((entry) => entry.name !== name);
  const wasCurrent = state.current.kind === 'named' && state.current.name === name;
  return { state: { ...state, named, current: wasCurrent ? NO_TEMPLATE : state.current }, save: named };
}

/** Clears every filter: the board goes back to None (Custom keeps its filters for later). */
export function clearFilters(state: BoardTemplatesState): BoardTemplatesState {
  return { ...state, current: NO_TEMPLATE };
}

// ---------------------------------------------------------------- reading what was stored

type Unknown = Record<string, unknown>;

function isRecord(value: unknown): value is Unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? [...new Set((value as unknown[]).filter((item): item is string => typeof item === 'string'))]
    : [];
}

function states(value: unknown): string[] {
  return strings(value)
    .map((code) => code.toUpperCase())
    .filter((code, index, codes) => isRegionCode(code) && codes.indexOf(code) === index);
}

function vehicleTypes(value: unknown): VehicleType[] {
  const known = VEHICLE_TYPE_IDS as readonly string[];
  return strings(value)
    .map((type) => type.toUpperCase())
    .filter(
      (type, index, types): type is VehicleType => known.includes(type) && types.indexOf(type) === index,
    );
}

function ids(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const read = (value as unknown[])
    .map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item))
    .filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item) && item > 0);
  return [...new Set(read)];
}

function positiveOrNull(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

/** Filters as stored (local storage, filters_data_2): what cannot be read is left unset. */
export function parseBoardFilters(value: unknown): BoardFilters {
  if (!isRecord(value)) return filtersOf(EMPTY_BOARD_FILTERS);
  return {
    pickupStates: states(value.pickupStates),
    deliveryStates: states(value.deliveryStates),
    vehicleTypes: vehicleTypes(value.vehicleTypes),
    vehiclesExclude: value.vehiclesExclude === true,
    miles: positiveOrNull(value.miles),
    maxMiles: positiveOrNull(value.maxMiles),
    brokers: ids(value.brokers),
    brokersExclude: value.brokersExclude === true,
    match: value.match === true,
  };
}

/**
 * The named templates of filters_data_2 (a JSON string, or the list itself): templates without a usable
 * name are skipped, and a repeated name keeps its first template.
 */
export function parseTemplates(filtersData: unknown): BoardTemplate[] {
  let value = filtersData;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const named: BoardTemplate[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.name !== 'string') continue;
    const name = item.name.trim();
    if (named.length >= MAX_BOARD_TEMPLATES) break;
    if (templateNameProblem(name) || named.some((entry) => sameName(entry.name, name))) continue;
    named.push({ name, ...parseBoardFilters(item) });
  }
  return named;
}

/** filters_data_2 as PUT profile/update-filters takes it: a JSON string of the named templates. */
export function serializeTemplates(named: readonly BoardTemplate[]): string {
  return JSON.stringify(named.map((template) => ({ name: template.name, ...filtersOf(template) })));
}

/** The current template as stored: 'None', 'Custom' or a name (a name that is gone reads as None). */
export function parseCurrentTemplate(value: unknown, named: readonly BoardTemplate[]): CurrentTemplate {
  if (value === 'Custom') return CUSTOM_TEMPLATE;
  if (typeof value === 'string' && value !== 'None' && named.some((entry) => entry.name === value)) {
    return { kind: 'named', name: value };
  }
  return NO_TEMPLATE;
}

export function storedCurrentTemplate(current: CurrentTemplate): string {
  if (current.kind === 'named') return current.name;
  return current.kind === 'custom' ? 'Custom' : 'None';
}

/** How many filters are set, for the filter button's badge and the empty state's Clear filters. */
export function countBoardFilters(filters: BoardFilters): number {
  return (
    (filters.pickupStates.length > 0 ? 1 : 0) +
    (filters.deliveryStates.length > 0 ? 1 : 0) +
    (filters.vehicleTypes.length > 0 ? 1 : 0) +
    (filters.miles !== null ? 1 : 0) +
    (filters.brokers.length > 0 ? 1 : 0) +
    (filters.match ? 1 : 0)
  );
}
