import { HTTP_STATUS_BY_ERROR_CODE, type ErrorCode } from '../common/errors';
import { lookupName, type Lang, type LoadStatusId, type LookupEntry, type RoleId } from '../common/lookups';
import { loadStatusClass, type LoadPointType } from './loads.rules';

// How a load moves from Waiting to accept to Completed or Canceled, what each move needs, and which actions
// a load's state and the user's role allow.

// ---------------------------------------------------------------- statuses

export const WAITING_TO_ACCEPT_STATUS = 1;
export const UNLOADED_STATUS = 7;
export const DELIVERED_STATUS = 8;
/** TONU set on an active load (checkout); it becomes 11 when completed. */
export const TONU_STATUS = 9;
export const COMPLETED_STATUS = 10;
export const COMPLETED_TONU_STATUS = 11;
export const CANCELED_STATUS = 12;
/** A restored load, and a copy made of a canceled load, start over at Waiting to accept. */
export const RESTORED_STATUS = WAITING_TO_ACCEPT_STATUS;

const NEXT_STATUS: Partial<Record<number, LoadStatusId>> = {
  1: 2,
  2: 3,
  3: 4,
  4: 5,
  5: 6,
  6: 7,
  7: 8,
  8: 10,
  9: 11,
};

/**
 * The status one step forward: 1..6 the next number, 7 Unloaded -> 8 Delivered, 8 Delivered -> 10 Completed,
 * 9 TONU -> 11 TONU (completed). Completed (10, 11) and Canceled (12) have none.
 */
export function nextStatus(status: number): LoadStatusId | null {
  return NEXT_STATUS[status] ?? null;
}

const PREV_STATUS: Partial<Record<number, LoadStatusId>> = {
  2: 1,
  3: 2,
  4: 3,
  5: 4,
  6: 5,
  7: 6,
  8: 7,
  10: 8,
  11: 9,
};

/**
 * The status one step back: 2..8 the previous number, 10 Completed -> 8 Delivered, 11 TONU (completed) ->
 * 9 TONU. None for 1 (the first status), 9 (TONU is set by its own action, not reached by a step, so there
 * is no step to undo) and 12 (a canceled load is restored instead).
 */
export function prevStatus(status: number): LoadStatusId | null {
  return PREV_STATUS[status] ?? null;
}

export type StatusDirection = 'next' | 'prev';

/** The status stepper's actions that go forward; any other action goes back. */
export const FORWARD_STATUS_ACTIONS = ['next', 'goodToGo'] as const;

export function directionOfAction(action: string): StatusDirection {
  return (FORWARD_STATUS_ACTIONS as readonly string[]).includes(action) ? 'next' : 'prev';
}

// ---------------------------------------------------------------- documents

export const LOAD_FILE_TYPE_IDS = [
  'rate_confirmation',
  'bill_of_lading',
  'proof_of_delivery',
  'other',
] as const;
export type LoadFileType = (typeof LOAD_FILE_TYPE_IDS)[number];

export const LOAD_FILE_TYPES: LookupEntry<LoadFileType>[] = [
  { id: 'rate_confirmation', en: 'Rate confirmation', ru: 'Подтверждение ставки' },
  { id: 'bill_of_lading', en: 'Bill of lading', ru: 'Транспортная накладная' },
  { id: 'proof_of_delivery', en: 'Proof of delivery', ru: 'Подтверждение доставки' },
  { id: 'other', en: 'Other', ru: 'Другое' },
];

export function loadFileTypeName(type: string, lang: Lang = 'en'): string {
  return lookupName(LOAD_FILE_TYPES, type, lang);
}

/** Documents that must be uploaded before a load may move to a status; a company setting may replace it. */
export type RequiredDocumentsTable = Readonly<Partial<Record<number, readonly LoadFileType[]>>>;

/**
 * Rate confirmation before 2 In Transit to Pick-up, bill of lading before 4 Loaded, proof of delivery
 * before 8 Delivered.
 */
export const DEFAULT_REQUIRED_DOCUMENTS: RequiredDocumentsTable = {
  2: ['rate_confirmation'],
  4: ['bill_of_lading'],
  8: ['proof_of_delivery'],
};

export const DOCUMENTS_REQUIRED_MESSAGE = 'Next documents needs to be uploaded before status changing';

/**
 * The documents a move to this status needs. Moves go one step at a time, so each status asks only for its
 * own documents: the earlier ones were asked for on the way.
 */
export function requiredDocumentsFor(
  targetStatus: number,
  table: RequiredDocumentsTable = DEFAULT_REQUIRED_DOCUMENTS,
): LoadFileType[] {
  return [...(table[targetStatus] ?? [])];
}

/** The required documents of the target status that are not among the load's uploaded file types. */
export function missingDocuments(
  targetStatus: number,
  uploadedTypes: Iterable<string>,
  table: RequiredDocumentsTable = DEFAULT_REQUIRED_DOCUMENTS,
): LoadFileType[] {
  const uploaded = new Set(uploadedTypes);
  return requiredDocumentsFor(targetStatus, table).filter((type) => !uploaded.has(type));
}

/** The hint under the files: the missing documents' names, 'Rate confirmation, Bill of lading'. */
export function missingDocumentsHint(missing: readonly string[], lang: Lang = 'en'): string {
  return missing.map((type) => loadFileTypeName(type, lang)).join(', ');
}

// ---------------------------------------------------------------- who may do what

/** The user acting on a load: a role, or none for a superuser who has no company role. */
export type LoadActor = { role: number | null; is_superuser?: boolean };

const MANAGER_ROLE = 4;
const DISPATCHER_ROLE = 5;

/**
 * Only managers (4) and dispatchers (5) switch a load to Delivered. A superuser (the operator of the
 * installation) may too: it has every permission.
 */
export function canSetDelivered(role: number | null | undefined, isSuperuser = false): boolean {
  return isSuperuser || role === MANAGER_ROLE || role === DISPATCHER_ROLE;
}

export const LOAD_ACTIONS = [
  'next',
  'prev',
  'tonu',
  'cancel',
  'change_price',
  'restore',
  'restore_as_copy',
  'delete',
  'change_driver',
  'change_responsible',
  'edit',
  'edit_completed',
  'upload_file',
] as const;
export type LoadAction = (typeof LOAD_ACTIONS)[number];

/**
 * The roles that may take each action (a superuser may take all). The spec names only the Delivered rule;
 * the rest follows who runs loads: admins, managers and dispatchers run them; trackers move statuses and
 * add documents as the driver reports; only admins and managers delete; accountants edit completed loads.
 */
export const LOAD_ACTION_ROLES: Record<LoadAction, readonly RoleId[]> = {
  next: [3, 4, 5, 6],
  prev: [3, 4, 5, 6],
  upload_file: [3, 4, 5, 6],
  tonu: [3, 4, 5],
  cancel: [3, 4, 5],
  change_price: [3, 4, 5],
  restore: [3, 4, 5],
  restore_as_copy: [3, 4, 5],
  change_driver: [3, 4, 5],
  change_responsible: [3, 4, 5],
  edit: [3, 4, 5],
  delete: [3, 4],
  edit_completed: [3, 4, 7],
};

export const LOAD_ACTION_MESSAGES = {
  roleForbidden: 'Your role does not allow this action.',
  deliveredRoleForbidden: 'Only managers and dispatchers can switch a load to Delivered.',
  completedForward: 'A completed load cannot move forward.',
  waitingBack: 'A load waiting to accept cannot move back.',
  tonuBack: 'A TONU load cannot move back.',
  canceledStatus: 'A canceled load cannot change status. Restore it first.',
  tonuCanceled: 'A canceled load cannot be marked TONU.',
  tonuCompleted: 'A completed load cannot be marked TONU.',
  tonuDelivered: 'A delivered load cannot be marked TONU.',
  tonuAgain: 'The load is already marked TONU.',
  cancelCanceled: 'The load is already canceled.',
  cancelCompleted: 'A completed load cannot be canceled.',
  cancelDelivered: 'A delivered load cannot be canceled.',
  cancelTonu: 'A TONU load cannot be canceled.',
  changePriceNotActive: 'Prices can be changed only on an active load.',
  restoreNotCanceled: 'Only a canceled load can be restored.',
  deleteNotAllowed: 'A delivered or completed load cannot be deleted.',
  changeDriverNotActive: 'The driver can be changed only on an active load.',
  changeResponsibleNotAllowed: 'The dispatcher can be changed only on an active load or one in checkout.',
  editNotActive: 'Only an active load can be edited.',
  editCompletedNotCompleted: 'Only a completed load can be edited here.',
  uploadNotAllowed: 'Files can be added only to an active load or one in checkout.',
} as const;

/** The code of each refusal (common/errors.ts): a client decides and translates by it, never by the text. */
export const LOAD_ACTION_CODES = {
  roleForbidden: 'load_action_forbidden',
  deliveredRoleForbidden: 'delivered_role_forbidden',
  completedForward: 'load_completed_forward',
  waitingBack: 'load_waiting_back',
  tonuBack: 'load_tonu_back',
  canceledStatus: 'load_canceled_status',
  tonuCanceled: 'tonu_canceled',
  tonuCompleted: 'tonu_completed',
  tonuDelivered: 'tonu_delivered',
  tonuAgain: 'tonu_again',
  cancelCanceled: 'cancel_canceled',
  cancelCompleted: 'cancel_completed',
  cancelDelivered: 'cancel_delivered',
  cancelTonu: 'cancel_tonu',
  changePriceNotActive: 'price_change_not_active',
  restoreNotCanceled: 'restore_not_canceled',
  deleteNotAllowed: 'load_delete_not_allowed',
  changeDriverNotActive: 'driver_change_not_active',
  changeResponsibleNotAllowed: 'dispatcher_change_not_allowed',
  editNotActive: 'load_edit_not_active',
  editCompletedNotCompleted: 'completed_edit_not_completed',
  uploadNotAllowed: 'upload_not_allowed',
} as const satisfies Record<keyof typeof LOAD_ACTION_MESSAGES, ErrorCode>;

type LoadActionMessageKey = keyof typeof LOAD_ACTION_MESSAGES;

export type LoadActionRefusal = {
  status: 403 | 409;
  code: (typeof LOAD_ACTION_CODES)[LoadActionMessageKey];
  detail: string;
};

const refusalOf = (key: LoadActionMessageKey): LoadActionRefusal => {
  const code = LOAD_ACTION_CODES[key];
  return { status: HTTP_STATUS_BY_ERROR_CODE[code], code, detail: LOAD_ACTION_MESSAGES[key] };
};

/** Why the load's state forbids the action (409), or null. */
function stateRefusal(status: number, action: LoadAction): LoadActionMessageKey | null {
  const statusClass = loadStatusClass(status);
  switch (action) {
    case 'next':
      if (statusClass === 'canceled') return 'canceledStatus';
      return nextStatus(status) === null ? 'completedForward' : null;
    case 'prev':
      if (statusClass === 'canceled') return 'canceledStatus';
      if (status === TONU_STATUS) return 'tonuBack';
      return prevStatus(status) === null ? 'waitingBack' : null;
    case 'tonu':
      if (statusClass === 'canceled') return 'tonuCanceled';
      if (statusClass === 'completed') return 'tonuCompleted';
      if (status === TONU_STATUS) return 'tonuAgain';
      return statusClass === 'checkout' ? 'tonuDelivered' : null;
    case 'cancel':
      if (statusClass === 'canceled') return 'cancelCanceled';
      if (statusClass === 'completed') return 'cancelCompleted';
      if (status === TONU_STATUS) return 'cancelTonu';
      return statusClass === 'checkout' ? 'cancelDelivered' : null;
    case 'change_price':
      return statusClass === 'active' ? null : 'changePriceNotActive';
    case 'restore':
    case 'restore_as_copy':
      return statusClass === 'canceled' ? null : 'restoreNotCanceled';
    case 'delete':
      return statusClass === 'active' || statusClass === 'canceled' ? null : 'deleteNotAllowed';
    case 'change_driver':
      return statusClass === 'active' ? null : 'changeDriverNotActive';
    case 'change_responsible':
      return statusClass === 'active' || statusClass === 'checkout' ? null : 'changeResponsibleNotAllowed';
    case 'edit':
      return statusClass === 'active' ? null : 'editNotActive';
    case 'edit_completed':
      return statusClass === 'completed' ? null : 'editCompletedNotCompleted';
    case 'upload_file':
      return statusClass === 'active' || statusClass === 'checkout' ? null : 'uploadNotAllowed';
  }
}

function toActor(actor: LoadActor | number | null | undefined): LoadActor {
  return typeof actor === 'object' && actor !== null ? actor : { role: actor ?? null };
}

/**
 * Why the action may not be taken on the load, or null when it may: 403 when the role does not allow it,
 * 409 when the load's state forbids it (the load is not changed). Documents a forward move needs are
 * checked separately (missingDocuments), as they depend on the load's files.
 */
export function loadActionRefusal(
  load: { status: number },
  action: LoadAction,
  actorOrRole: LoadActor | number | null | undefined,
): LoadActionRefusal | null {
  const actor = toActor(actorOrRole);
  const superuser = actor.is_superuser === true;
  if (!superuser && !(LOAD_ACTION_ROLES[action] as readonly number[]).includes(actor.role ?? -1)) {
    return refusalOf('roleForbidden');
  }
  const refusal = stateRefusal(load.status, action);
  if (refusal) return refusalOf(refusal);
  if (
    action === 'next' &&
    nextStatus(load.status) === DELIVERED_STATUS &&
    !canSetDelivered(actor.role, superuser)
  ) {
    return refusalOf('deliveredRoleForbidden');
  }
  return null;
}

/** The actions the load's state and the user's role allow, in LOAD_ACTIONS order. */
export function allowedLoadActions(
  load: { status: number },
  actorOrRole: LoadActor | number | null | undefined,
): LoadAction[] {
  return LOAD_ACTIONS.filter((action) => loadActionRefusal(load, action, actorOrRole) === null);
}

/** The cancel dialog's warning. */
export const CANCEL_WARNING =
  'This action will cancel the load and nullify payments. If you need to create a payment for the owner, use TONU instead.';

// ---------------------------------------------------------------- the active point

/**
 * The point the load is at or heading to (is_active) for a status: the first point, in order, not yet
 * completed. A pick-up is completed once the load is Loaded (4), a delivery once it is Unloaded (7). So at
 * 1-3 it is the first pick-up, at 4-6 the first delivery after the pick-ups, and at 7 (all points done)
 * the last point stays active until the load is delivered. A load that is not active (8 and above) has no
 * active point.
 */
export function activePointAfterStatus<Point extends { order: number; type: LoadPointType }>(
  points: readonly Point[],
  status: number,
): Point | null {
  if (loadStatusClass(status) !== 'active' || points.length === 0) return null;
  const ordered = [...points].sort((a, b) => a.order - b.order);
  const completed = (point: Point) => status >= (point.type === 'pick_up' ? 4 : UNLOADED_STATUS);
  return ordered.find((point) => !completed(point)) ?? ordered[ordered.length - 1]!;
}

/** The points with is_active set on the active point of the status alone. */
export function withActivePoint<Point extends { order: number; type: LoadPointType; is_active: boolean }>(
  points: readonly Point[],
  status: number,
): Point[] {
  const active = activePointAfterStatus(points, status);
  return points.map((point) => ({ ...point, is_active: active !== null && point.order === active.order }));
}

// ---------------------------------------------------------------- files

export const MAX_LOAD_FILE_BYTES = 25_000_000;

export const EXECUTABLE_EXTENSIONS = [
  'exe',
  'bat',
  'cmd',
  'com',
  'msi',
  'sh',
  'js',
  'jar',
  'scr',
  'ps1',
  'vbs',
  'dll',
  'app',
  'apk',
] as const;

export const EXECUTABLE_MIME_TYPES = [
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-elf',
  'application/x-sharedlib',
  'application/x-mach-binary',
  'application/vnd.microsoft.portable-executable',
  'application/x-msi',
  'application/x-ms-installer',
  'application/x-sh',
  'application/x-shellscript',
  'text/x-shellscript',
  'text/x-sh',
  'application/x-bat',
  'application/x-msbatch',
  'text/x-msdos-batch',
  'application/javascript',
  'application/x-javascript',
  'text/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/java-archive',
  'application/x-java-archive',
  'application/vnd.android.package-archive',
  'application/x-powershell',
  'application/x-vbscript',
  'text/vbscript',
] as const;

/**
 * Whether a file is a program: by its last extension (case-insensitive; trailing dots and spaces, which
 * Windows drops, are ignored) or by its MIME type (parameters such as '; charset=utf-8' ignored).
 */
export function isExecutableFile(name: string, mime?: string | null): boolean {
  const cleanName = name
    .trim()
    .replace(/[. ]+$/, '')
    .toLowerCase();
  const dot = cleanName.lastIndexOf('.');
  const extension = dot >= 0 ? cleanName.slice(dot + 1) : '';
  if ((EXECUTABLE_EXTENSIONS as readonly string[]).includes(extension)) return true;
  const type = (mime ?? '').split(';')[0]!.trim().toLowerCase();
  return (EXECUTABLE_MIME_TYPES as readonly string[]).includes(type);
}

export const LOAD_FILE_MESSAGES = {
  tooLarge: 'The file is larger than 25,000,000 bytes.',
  executable: 'Executable files cannot be uploaded.',
  empty: 'The file is empty.',
} as const;

/** The code of each refused upload (common/errors.ts). */
export const LOAD_FILE_CODES = {
  tooLarge: 'file_too_large',
  executable: 'file_executable',
  empty: 'file_empty',
} as const satisfies Record<keyof typeof LOAD_FILE_MESSAGES, ErrorCode>;

/** Why an upload is refused, or null: empty, over 25,000,000 bytes (413), or a program. */
export function loadFileRefusal(file: { name: string; mime?: string | null; size: number }): string | null {
  if (file.size > MAX_LOAD_FILE_BYTES) return LOAD_FILE_MESSAGES.tooLarge;
  if (isExecutableFile(file.name, file.mime)) return LOAD_FILE_MESSAGES.executable;
  if (file.size <= 0) return LOAD_FILE_MESSAGES.empty;
  return null;
}
