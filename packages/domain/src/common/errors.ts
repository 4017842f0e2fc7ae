import { z } from 'zod';

// The error body of every API answer that is not a success:
// { "detail": "...", "code": "...", "fields": { "name": ["message"] } }.
//
// `code` says what happened; `detail` keeps the spec's English text. The general codes name a kind of
// failure; a refusal that a user is shown (a 409, or a 400/403 that names a rule) has a code of its own, so
// that a client decides and translates by the code (the web's `errors.codes.<code>` keys) and never by the
// English text. A refusal that carries values (documents, unit IDs) names them in `fields`.

/** Each code and the HTTP status it is sent with. Add a refusal's code here, next to its module's codes. */
export const HTTP_STATUS_BY_ERROR_CODE = {
  // General
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
  // Auth and users
  invalid_credentials: 400,
  email_taken: 400,
  wrong_password: 400,
  manager_not_found: 400,
  avatar_type_invalid: 400,
  join_request_decided: 409,
  user_in_company: 409,
  already_in_company: 409,
  // The company's people (users/company-employees, users/{id}/update/, users/{id}/delete/)
  own_role_raise_forbidden: 403,
  self_dismissal_forbidden: 403,
  admin_change_forbidden: 403,
  last_admin: 409,
  hand_to_invalid: 400,
  employee_has_open_work: 409,
  fire_needs_handover: 409,
  // Brokers
  mc_number_taken: 409,
  broker_has_loads: 409,
  otr_broker_needs_mc_number: 409,
  blacklist_forbidden: 403,
  // Units
  unit_id_taken: 400,
  vehicle_on_load: 409,
  vehicles_on_load: 409,
  active_driver_elsewhere: 409,
  location_current_address_required: 409,
  location_available_date_required: 409,
  location_planned_address_required: 409,
  vehicle_status_not_selectable: 409,
  on_load_status_locked: 409,
  location_type_locked: 409,
  on_load_planned_location_required: 409,
  on_load_location_type_current: 409,
  tracking_pause_in_past: 400,
  fired_driver_activation: 409,
  pick_up_without_place: 409,
  address_not_found: 400,
  // Loads
  documents_required: 409,
  load_action_forbidden: 403,
  delivered_role_forbidden: 403,
  load_completed_forward: 409,
  load_waiting_back: 409,
  load_tonu_back: 409,
  load_canceled_status: 409,
  tonu_canceled: 409,
  tonu_completed: 409,
  tonu_delivered: 409,
  tonu_again: 409,
  cancel_canceled: 409,
  cancel_completed: 409,
  cancel_delivered: 409,
  cancel_tonu: 409,
  price_change_not_active: 409,
  restore_not_canceled: 409,
  load_delete_not_allowed: 409,
  driver_change_not_active: 409,
  dispatcher_change_not_allowed: 409,
  load_edit_not_active: 409,
  completed_edit_not_completed: 409,
  upload_not_allowed: 409,
  active_point_removed: 409,
  active_point_required: 409,
  load_without_driver: 409,
  file_too_large: 413,
  file_executable: 400,
  file_empty: 400,
  // Group chats
  chat_files_unknown: 400,
  chat_team_not_found: 400,
  // Driver and owner bids, invitations
  bid_limit: 409,
  bid_load_off_board: 409,
  bid_not_forwarded: 409,
  driver_bid_not_pending: 409,
  invitation_expired: 409,
  invitation_used: 409,
  invitation_email_taken: 409,
  invitation_has_sign_in: 409,
  invitation_email_missing: 400,
  // Propositions (dispatcher bids to brokers) and booking a board load
  email_not_authorized: 400,
  proposition_not_active: 409,
  vehicle_cannot_bid: 409,
  load_already_booked: 409,
  load_not_on_board: 409,
  // E-mailed load postings
  email_posting_not_reviewable: 409,
  // Telephony
  call_system_not_configured: 409,
  contact_has_no_phone: 409,
  // E-mail threads and mailboxes
  email_attachment_too_large: 413,
  email_attachment_executable: 400,
  email_mailbox_test_failed: 400,
  email_oauth_not_configured: 409,
  email_oauth_state_invalid: 400,
  email_oauth_failed: 400,
  email_oauth_client_secret_required: 400,
  google_invalid_credentials: 400,
  // SMS with drivers and owners
  sms_files_unknown: 400,
  sms_no_recipients: 400,
  sms_team_not_found: 400,
  sms_user_not_allowed: 400,
  sms_counterpart_local_only: 409,
  sms_signature_invalid: 403,
  // Incentives (a driver incentive on a load without a driver answers load_without_driver)
  load_without_owner: 409,
  load_without_dispatcher: 409,
  incentive_template_name_taken: 409,
  // Accounting: loads, income and broker payments
  load_not_in_accounting: 409,
  quickpay_not_broker: 409,
  accounting_week_closed: 409,
  // Teams (working groups): deleting one that still holds loads, vehicles or people without `move_to`
  team_not_empty: 409,
  subgroup_not_empty: 409,
  // Requests
  idempotency_key_reused: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof HTTP_STATUS_BY_ERROR_CODE;

export const ERROR_CODES = Object.keys(HTTP_STATUS_BY_ERROR_CODE) as ErrorCode[];

/** The codes that name a kind of failure only: a client shows their `detail` (and fields) as sent. */
export const GENERAL_ERROR_CODES = [
  'bad_request',
  'validation_error',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal_error',
] as const satisfies readonly ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(HTTP_STATUS_BY_ERROR_CODE, value);
}

// `code` is a plain string so that a client keeps working when the server adds a code.
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field messages of a failed zod parse, keyed by the dotted path ('points.0.state'); '' for the root. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
