import { parseBoardFilters } from '@app/domain/loadboard/board-templates.rules';
import type { BoardFilters } from '@app/domain/loadboard/board-templates.rules';
import { asId, readSavedText, saveListState } from '@/components/lists/saved-list-state';

// What the load board keeps in the browser's local storage, as the spec lists it: the current template, the
// custom template, the current teams, groups and brokerages, and the load sound notification flag. Named
// templates are the user's (filters_data_2), not the browser's. Each value is read on its own: one that
// cannot be read falls back to its default and leaves the others alone.

export const BOARD_STORAGE_KEYS = {
  currentTemplate: 'loadboard_current_template',
  customTemplate: 'loadboard_custom_template',
  teams: 'loadboard_teams',
  groups: 'loadboard_groups',
  brokerages: 'loadboard_brokerages',
  sound: 'loadboard_sound',
} as const;

/** The brokerage filter's choices (the API's brokerage parameter). */
export const BROKERAGES = ['M', 'S'] as const;
export type Brokerage = (typeof BROKERAGES)[number];

export type BoardScope = {
  /** The team (working group) whose dispatchers' board it is; null for the whole company. */
  wg: number | null;
  /** The team's group (subgroup). */
  sub_wg: number | null;
  brokerages: Brokerage[];
};

export const EMPTY_SCOPE: BoardScope = { wg: null, sub_wg: null, brokerages: [] };

function readJson(key: string): unknown {
  const text = readSavedText(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 'None', 'Custom' or a template's name, as stored; null when nothing was stored. */
export function readCurrentTemplateName(): string | null {
  const value = readJson(BOARD_STORAGE_KEYS.currentTemplate);
  return typeof value === 'string' ? value : null;
}

export function readCustomTemplate(): BoardFilters {
  return parseBoardFilters(readJson(BOARD_STORAGE_KEYS.customTemplate));
}

export function readScope(): BoardScope {
  const wg = asId(readJson(BOARD_STORAGE_KEYS.teams));
  const brokerages = readJson(BOARD_STORAGE_KEYS.brokerages);
  return {
    wg,
    // A group belongs to its team: without a team a stored group means nothing.
    sub_wg: wg === null ? null : asId(readJson(BOARD_STORAGE_KEYS.groups)),
    brokerages: Array.isArray(brokerages) ? BROKERAGES.filter((entry) => brokerages.includes(entry)) : [],
  };
}

/** The sound plays for new loads unless the user turned it off. */
export function readSoundOn(): boolean {
  return readJson(BOARD_STORAGE_KEYS.sound) !== false;
}

export function saveTemplates(current: string, custom: BoardFilters): void {
  saveListState(BOARD_STORAGE_KEYS.currentTemplate, current);
  saveListState(BOARD_STORAGE_KEYS.customTemplate, custom);
}

export function saveScope(scope: BoardScope): void {
  saveListState(BOARD_STORAGE_KEYS.teams, scope.wg);
  saveListState(BOARD_STORAGE_KEYS.groups, scope.sub_wg);
  saveListState(BOARD_STORAGE_KEYS.brokerages, scope.brokerages);
}

export function saveSoundOn(on: boolean): void {
  saveListState(BOARD_STORAGE_KEYS.sound, on);
}

/**
 * The names of the brokers picked in the filters, by id: a template stores ids only, and the picker shows
 * the names it learnt here (or '#id') before any search is made.
 */
const BROKER_NAMES_KEY = 'loadboard_broker_names';

export function readBrokerNames(): Record<number, string> {
  const value = readJson(BROKER_NAMES_KEY);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const names: Record<number, string> = {};
  for (const [id, name] of Object.entries(value)) {
    if (/^\d+$/.test(id) && typeof name === 'string') names[Number(id)] = name;
  }
  return names;
}

export function saveBrokerNames(names: Record<number, string>): void {
  // A bounded list: the storage is shared with every other saved set of the app.
  const entries = Object.entries(names).slice(-200);
  saveListState(BROKER_NAMES_KEY, Object.fromEntries(entries));
}
