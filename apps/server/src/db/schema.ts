/**
 * Kysely table types for the migrations in ./migrations. Column types follow the connection's parsers:
 * int8 and identity ids arrive as numbers, timestamptz as Date, date as 'YYYY-MM-DD' strings,
 * numeric as strings and jsonb as parsed JSON. columns.ts holds each table's columns as the migrations
 * make them: the compiler checks these types against it, columns.int.test.ts checks it against a freshly
 * migrated database. Row types are derived from these (types.ts: Row, NewRow, RowUpdate).
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { DashboardTables } from './schema-dashboard';
import type { EmailPostingsTables } from './schema-email-postings';
import type { EmailTables } from './schema-email';
import type { SmsTables } from './schema-sms';
import type { AccountingTables } from './schema-accounting';

type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string | T, string | T>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type JsonDefaulted<T> = ColumnType<T, string | T | undefined, string | T>;

export type RoleColumn = 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

export type CompaniesTable = {
  id: Id;
  name: string;
  company_hash: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  mc_number: string | null;
  dot_number: string | null;
  google_maps_key: string | null;
  map_tiles_url: string | null;
  call_system: string | null;
  language_select: Defaulted<boolean>;
  disable_some_menu_items: Defaulted<boolean>;
  enable_address_language_notice: Defaulted<boolean>;
  is_visible_phone_numbers: Defaulted<boolean>;
  can_dispatchers_search_loads_for_on_load_unit: Defaulted<boolean>;
  quickpay_percent: ColumnType<string, string | number | undefined, string | number>;
  paysheet_weekday: number | null;
  paysheet_time: string | null;
  /** SHA-256 (hex) of the company's load intake key; the key itself is shown once and never stored. */
  intake_key_hash: string | null;
  intake_key_created_at: Timestamp | null;
  /** Load status -> file types that must be uploaded before a load may move to that status. */
  required_documents: JsonDefaulted<Record<string, string[]>>;
  /** Hours after its pick-up time a load not booked leaves the load board (migration 0011). */
  board_expiry_hours: Defaulted<number>;
  /** The propositions' e-mail template; null: the product's default (migration 0013). */
  proposition_template: string | null;
  /** The SMTP server propositions are sent through; none: they are kept as sent (migration 0013). */
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: Defaulted<boolean>;
  smtp_user: string | null;
  /** A secret: never answered by a route, never logged. */
  smtp_password: string | null;
  smtp_from: string | null;
  /** The click-to-call address templates of the external call system (migration 0019). */
  call_url_template: string | null;
  sms_url_template: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type UsersTable = {
  id: Id;
  company_id: number | null;
  email: string;
  password_hash: string;
  first_name: Defaulted<string>;
  last_name: Defaulted<string>;
  role: RoleColumn | null;
  is_superuser: Defaulted<boolean>;
  status: Defaulted<'Active' | 'Pending' | 'Fired'>;
  avatar: string | null;
  lang: Defaulted<'en' | 'ru'>;
  phone_number: string | null;
  working_gmail: string | null;
  in_gmail: Defaulted<boolean>;
  unit_id: string | null;
  filters_data_2: Defaulted<string>;
  req_status: Defaulted<'None' | 'Send'>;
  hide_accounting: Defaulted<boolean>;
  working_group_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type UserRequestsTable = {
  id: Id;
  user_id: number;
  company_id: number | null;
  resp_user_id: number | null;
  target_department: 'Carrier' | 'Shipper' | 'Dispatcher';
  /** 1 No, 2 Requested, 3 Approved, 4 Rejected. */
  status: Defaulted<1 | 2 | 3 | 4>;
  approved_role: number | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: CreatedAt;
};

export type RefreshTokensTable = {
  id: string;
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
  replaced_by: string | null;
  revoked_at: Timestamp | null;
};

export type LoginAttemptsTable = {
  id: Id;
  email: string;
  succeeded: boolean;
  ip: string | null;
  created_at: CreatedAt;
};

export type WorkingGroupsTable = {
  id: Id;
  company_id: number;
  group_name: string;
  group_lead_id: number | null;
  created_at: CreatedAt;
};

export type WorkingGroupMembersTable = {
  working_group_id: number;
  user_id: number;
};

export type SubgroupsTable = {
  id: Id;
  working_group_id: number;
  name: Defaulted<string>;
  subgroup_lead_id: number | null;
  created_at: CreatedAt;
};

export type SubgroupMembersTable = {
  subgroup_id: number;
  user_id: number;
};

export type OwnersTable = {
  id: Id;
  company_id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  company_name: string | null;
  phone_number: string | null;
  email: string | null;
  is_wage_visible: Defaulted<boolean>;
  is_active: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type DriversTable = {
  id: Id;
  company_id: number;
  user_id: number | null;
  owner_id: number | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  status: Defaulted<'Active' | 'Pending' | 'Fired'>;
  is_active: Defaulted<boolean>;
  is_active_for_owner: Defaulted<boolean>;
  license_number: string | null;
  license_state: string | null;
  license_expiry: DateOnly | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type VehicleType =
  | 'CARGO VAN'
  | 'SPRINTER VAN'
  | 'VAN'
  | 'SPRINTER'
  | 'BOX TRUCK'
  | 'SMALL STRAIGHT'
  | 'LARGE STRAIGHT'
  | 'LIFTGATE'
  | 'FLATBED'
  | 'TRACTOR'
  | 'REEFER';

export type EquipmentFlags = Partial<
  Record<
    | 'ppe'
    | 'straps'
    | 'dolly'
    | 'bulkhead'
    | 'temp_control'
    | 'air_ride'
    | 'liftgate'
    | 'pallet_jack'
    | 'tent'
    | 'side_loading'
    | 'load_bars'
    | 'e_tracks',
    boolean
  >
>;

export type VehiclesTable = {
  id: Id;
  company_id: number;
  unit_id: string;
  transport_type: VehicleType;
  /** 1 Available, 2 Not available, 3 On load, 4 In bid, 5 Locked, 7 In bid. */
  status: Defaulted<1 | 2 | 3 | 4 | 5 | 7>;
  model: string | null;
  year: number | null;
  width_in: number | null;
  height_in: number | null;
  length_in: number | null;
  payload_lbs: number | null;
  vin: string | null;
  license_plate: string | null;
  license_state: string | null;
  license_expiry: DateOnly | null;
  insurance_expiry: DateOnly | null;
  equipment: JsonDefaulted<EquipmentFlags>;
  dispatcher_id: number | null;
  owner_id: number | null;
  active_driver_id: number | null;
  working_group_id: number | null;
  location_address: string | null;
  location_city: string | null;
  location_state: string | null;
  location_zip_code: string | null;
  location_country: string | null;
  location_lat: number | null;
  location_lon: number | null;
  location_updated_by: number | null;
  location_updated_at: Timestamp | null;
  future_location_address: string | null;
  future_location_city: string | null;
  future_location_state: string | null;
  future_location_zip_code: string | null;
  future_location_country: string | null;
  future_location_lat: number | null;
  future_location_lon: number | null;
  future_location_available_date: Timestamp | null;
  future_location_updated_by: number | null;
  future_location_updated_at: Timestamp | null;
  /** 1 current, 2 planned, 3 both. */
  location_status: Defaulted<1 | 2 | 3>;
  is_tracking_active: Defaulted<boolean>;
  inactive_tracking_until: Timestamp | null;
  /** When the tracking watch found it had stopped reporting its location; null while it reports (0007). */
  tracking_lost_at: Timestamp | null;
  can_bid_while_on_load: Defaulted<boolean>;
  loads_allowed_for_driver: Defaulted<boolean>;
  loads_allowed_for_owner: Defaulted<boolean>;
  status_updated_by: number | null;
  status_updated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The unit vector of each location on the sphere, for the capacity search (migration 0003). */
  location_ux: GeneratedAlways<number | null>;
  location_uy: GeneratedAlways<number | null>;
  location_uz: GeneratedAlways<number | null>;
  future_location_ux: GeneratedAlways<number | null>;
  future_location_uy: GeneratedAlways<number | null>;
  future_location_uz: GeneratedAlways<number | null>;
};

export type VehicleDriversTable = {
  vehicle_id: number;
  driver_id: number;
};

export type BrokerCompaniesTable = {
  id: Id;
  company_id: number;
  name: string;
  is_otr: Defaulted<boolean>;
  mc_number: string | null;
  dot_number: string | null;
  brokerage: 'M' | 'S' | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  email: string | null;
  /** 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk, 5 Call Office. */
  rating: Defaulted<1 | 2 | 3 | 4 | 5>;
  rating_requested_at: Timestamp | null;
  notify_no_posting: Defaulted<boolean>;
  credit_check_result: string | null;
  credit_checked_at: Timestamp | null;
  credit_checked_by: number | null;
  in_blacklist: Defaulted<boolean>;
  blacklist_reason: string | null;
  blacklisted_at: Timestamp | null;
  blacklisted_by: number | null;
  /** When the broker last posted a load to the board (the intake). */
  last_posted_at: Timestamp | null;
  /** When the dispatchers were told its postings stopped; cleared by its next posting. */
  no_posting_notified_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type BrokerRatingsTable = {
  id: Id;
  broker_company_id: number;
  rating: 1 | 2 | 3 | 4 | 5;
  previous_rating: number | null;
  comment: string | null;
  rated_by: number | null;
  created_at: CreatedAt;
};

export type LoadStatus = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export type LoadsTable = {
  id: Id;
  company_id: number;
  status: Defaulted<LoadStatus>;
  accounting_status: number | null;
  load_accounting_number: number | null;
  load_accounting_week: number | null;
  load_accounting_year: number | null;
  broker_company_id: number | null;
  accounting_broker_company_id: number | null;
  broker_name: string | null;
  broker_phone: string | null;
  reply_email: string | null;
  rateconf_ref: string | null;
  pays_cents: number | null;
  broker_price_cents: Defaulted<number>;
  driver_price_cents: Defaulted<number>;
  weight: number | null;
  pieces: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  vehicle_type: string | null;
  note: string | null;
  dock_level: Defaulted<boolean>;
  is_danger: Defaulted<boolean>;
  is_urgent: Defaulted<boolean>;
  is_can_put_on_top: Defaulted<boolean>;
  equipment: JsonDefaulted<EquipmentFlags>;
  pick_up_datetime: Timestamp | null;
  delivery_datetime: Timestamp | null;
  miles: number | null;
  source: Defaulted<'manual' | 'loadboard' | 'email' | 'copy'>;
  dispatcher_id: number | null;
  driver_id: number | null;
  vehicle_id: number | null;
  working_group_id: number | null;
  subgroup_id: number | null;
  email_notifications_status: Defaulted<'Active' | 'Inactive' | 'Halted'>;
  email_notifications_interval: number | null;
  email_notifications_location_flag: Defaulted<boolean>;
  email_notifications_load_status_flag: Defaulted<boolean>;
  email_notifications_type: string | null;
  location_update_emails: JsonDefaulted<string[]>;
  restored_from_id: number | null;
  created_by: number | null;
  delivered_at: Timestamp | null;
  completed_at: Timestamp | null;
  canceled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /**
   * Generated from status and board_status: 0 on the load board, 1 active, 2 checkout, 3 completed,
   * 4 canceled, 5 off the board unbooked (migrations 0002, 0011).
   */
  list_class: GeneratedAlways<LoadListClass>;
  /** How the load stands to the load board; null for a load booked when it was made (migration 0011). */
  board_status: 'posted' | 'booked' | 'withdrawn' | 'expired' | null;
  /** When it reached the load board. */
  posted_at: Timestamp | null;
  /** The broker's own reference of the posting, to update a repeated posting instead of adding it. */
  posting_reference: string | null;
  /** The first pick-up's place, kept from the points by triggers (migration 0011), for the board's match. */
  pick_up_lat: GeneratedAlways<number | null>;
  pick_up_lon: GeneratedAlways<number | null>;
  /** The one-degree cell of the first pick-up: floor(lat) * 1000 + floor(lon). */
  pick_up_cell: GeneratedAlways<number | null>;
};

/**
 * The list a load is in, as stored: 1 active, 2 checkout, 3 completed, 4 canceled; 0 on the load board and
 * 5 off it unbooked (withdrawn or expired), in none of the four lists.
 */
export type LoadListClass = 0 | 1 | 2 | 3 | 4 | 5;

export type LoadPointsTable = {
  id: Id;
  load_id: number;
  /** Copied from the load by a trigger (migration 0002). */
  company_id: Generated<number>;
  /** Copied from the load by a trigger and kept in step with it (migration 0002). */
  list_class: Generated<LoadListClass>;
  point_order: number;
  type: 'pick_up' | 'deliver_to';
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: Defaulted<'US' | 'CA'>;
  lat: number | null;
  lon: number | null;
  date: Timestamp | null;
  is_active: Defaulted<boolean>;
};

export type LoadFileType = 'rate_confirmation' | 'bill_of_lading' | 'proof_of_delivery' | 'other';

export type LoadFilesTable = {
  id: Id;
  load_id: number;
  file_type: LoadFileType;
  name: string;
  storage_path: string;
  size_bytes: number;
  mime_type: string | null;
  uploaded_by: number | null;
  created_at: CreatedAt;
};

export type LoadHistoryTable = {
  id: Id;
  load_id: number;
  user_id: number | null;
  action: string;
  field: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: CreatedAt;
};

export type BidsTable = {
  id: Id;
  company_id: number;
  load_id: number;
  kind: 'dispatcher' | 'driver' | 'owner';
  /** 1 active; 2 and 3 completed (2 won, 3 lost or rejected). */
  status: Defaulted<1 | 2 | 3>;
  vehicle_id: number | null;
  driver_id: number | null;
  dispatcher_id: number | null;
  price_cents: number;
  driver_price_cents: number | null;
  miles_out: number | null;
  eta_at: Timestamp | null;
  email_to: string | null;
  email_subject: string | null;
  message: string | null;
  forwarded_at: Timestamp | null;
  rejected_reason: string | null;
  rejected_by: number | null;
  rejected_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The driver or owner who bid (0014). */
  bidder_user_id: number | null;
  /** When the driver or owner last placed or changed the bid: the bid limits count from it (0014). */
  placed_at: Timestamp | null;
  /** A proposition's e-mail: when it went out, and what became of it (0013). */
  sent_at: Timestamp | null;
  delivery: 'sent' | 'kept' | 'failed' | null;
  /** The broker's won or lost answer came by phone (0013). */
  via_phone: Defaulted<boolean>;
};

/** A board load offered to a vehicle's driver and owner (0014); forwarding again moves forwarded_at. */
export type LoadForwardsTable = {
  id: Id;
  company_id: number;
  load_id: number;
  vehicle_id: number;
  forwarded_by: number | null;
  forwarded_at: CreatedAt;
};

/** An e-mailed invitation of a driver or an owner to choose a password (0014); the token is stored hashed. */
export type InvitationsTable = {
  id: Id;
  company_id: number;
  driver_id: number | null;
  owner_id: number | null;
  email: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  user_id: number | null;
  created_at: CreatedAt;
};

/** Loads per list of each company, kept by triggers (migration 0002). */
export type LoadListCountsTable = {
  company_id: number;
  list_class: LoadListClass;
  load_count: number;
};

/** The version of each company's load board, grown by triggers (migration 0026, loadboard/board-index.ts). */
export type LoadboardVersionsTable = {
  company_id: number;
  version: number;
};

/** The version of each company's trucks as the board measures loads against them (migration 0027). */
export type LoadboardTruckVersionsTable = {
  company_id: number;
  version: number;
};

/** The load each board version changed (migration 0026), kept an hour. */
export type LoadboardChangesTable = {
  company_id: number;
  version: number;
  load_id: number;
  changed_at: Generated<Date>;
};

/** The first answer of a create sent with an Idempotency-Key header (http/idempotency.ts). */
export type IdempotencyKeysTable = {
  id: Id;
  company_id: number;
  user_id: number;
  /** The operation, e.g. 'loads.create'. */
  scope: string;
  key: string;
  response: Json<unknown> | null;
  /** The digest of the body the key was first used with (migration 0010); null on older keys. */
  request_hash: string | null;
  created_at: CreatedAt;
};

/** A board load a user has marked seen (migration 0011). */
export type LoadboardSeenTable = {
  user_id: number;
  load_id: number;
  seen_at: CreatedAt;
};

/**
 * A user's notification (migration 0005): the stored types 1 to 11; load status (100 and up) is never
 * stored. `details` holds the nested object of the type and, for a rate notice, the prices in cents.
 */
export type NotificationsTable = {
  id: Id;
  company_id: number;
  user_id: number;
  type_id: number;
  label: string;
  content: string;
  load_id: number | null;
  /** The subject ('1:<chat id>'...): at most one unread notification per user and key (migration 0025). */
  replacement_key: string | null;
  details: JsonDefaulted<Record<string, unknown>>;
  actor: Json<unknown> | null;
  created_at: CreatedAt;
  read_at: Timestamp | null;
};

/** What a user reported as damaged on a load (migration 0007); each report sends a damage notice. */
export type LoadDamageReportsTable = {
  id: Id;
  company_id: number;
  load_id: number;
  description: string;
  created_by: number | null;
  created_at: CreatedAt;
};

/** A group chat (migration 0015): a load's chat or notes, a team's chat, another group. */
export type GroupChatsTable = {
  id: Id;
  company_id: number;
  kind: 'load' | 'notes' | 'team' | 'group';
  load_id: number | null;
  team_id: number | null;
  title: Defaulted<string>;
  created_by: number | null;
  last_message_id: number | null;
  activity_at: CreatedAt;
  created_at: CreatedAt;
};

/** A member of a group chat and the last message they read (0: none) (migration 0015). */
export type GroupChatMembersTable = {
  chat_id: number;
  user_id: number;
  company_id: number;
  last_read_message_id: Defaulted<number>;
  /** The last message whose unread notice the member dismissed (0: none) (migration 0029). */
  notice_read_message_id: Defaulted<number>;
  joined_at: CreatedAt;
};

/** A message of a group chat (migration 0015). */
export type GroupChatMessagesTable = {
  id: Id;
  company_id: number;
  chat_id: number;
  user_from: number | null;
  content: Defaulted<string>;
  created_at: CreatedAt;
};

/** A file uploaded for a chat message; message_id is null until it is sent (migration 0015). */
export type ChatFilesTable = {
  id: Id;
  company_id: number;
  uploaded_by: number | null;
  name: string;
  storage_path: string;
  size_bytes: number;
  mime: string | null;
  message_id: number | null;
  created_at: CreatedAt;
};

export type Database = AccountingTables &
  DashboardTables &
  EmailTables &
  EmailPostingsTables &
  SmsTables & {
    companies: CompaniesTable;
    users: UsersTable;
    user_requests: UserRequestsTable;
    refresh_tokens: RefreshTokensTable;
    login_attempts: LoginAttemptsTable;
    working_groups: WorkingGroupsTable;
    working_group_members: WorkingGroupMembersTable;
    subgroups: SubgroupsTable;
    subgroup_members: SubgroupMembersTable;
    owners: OwnersTable;
    drivers: DriversTable;
    vehicles: VehiclesTable;
    vehicle_drivers: VehicleDriversTable;
    broker_companies: BrokerCompaniesTable;
    broker_ratings: BrokerRatingsTable;
    loads: LoadsTable;
    load_points: LoadPointsTable;
    load_files: LoadFilesTable;
    load_history: LoadHistoryTable;
    bids: BidsTable;
    load_forwards: LoadForwardsTable;
    invitations: InvitationsTable;
    load_list_counts: LoadListCountsTable;
    loadboard_versions: LoadboardVersionsTable;
    loadboard_changes: LoadboardChangesTable;
    loadboard_truck_versions: LoadboardTruckVersionsTable;
    idempotency_keys: IdempotencyKeysTable;
    notifications: NotificationsTable;
    load_damage_reports: LoadDamageReportsTable;
    loadboard_seen: LoadboardSeenTable;
    group_chats: GroupChatsTable;
    group_chat_members: GroupChatMembersTable;
    group_chat_messages: GroupChatMessagesTable;
    chat_files: ChatFilesTable;
  };

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
