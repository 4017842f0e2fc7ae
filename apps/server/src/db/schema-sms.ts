/**
 * Kysely table types of the SMS chats and the company's SMS provider (migration 0016), joined into
 * `Database` in schema.ts; their columns are in columns-sms.ts.
 */
import type { ColumnType, Generated } from 'kysely';
import type { SmsBulkFailure } from '@app/domain/sms/sms.schema';
import type { SmsDeliveryStatus, SmsDirection, SmsProviderName } from '@app/domain/sms/sms.rules';

type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type JsonDefaulted<T> = ColumnType<T, string | T | undefined, string | T>;

/** The company's SMS provider; the auth token sealed by the secret box. No row: local. */
export type SmsProviderSettingsTable = {
  company_id: number;
  provider: Defaulted<SmsProviderName>;
  account_sid: string | null;
  /** A secret, sealed: never answered by a route, never logged. */
  auth_token_sealed: string | null;
  sender_number: string | null;
  updated_by: number | null;
  updated_at: CreatedAt;
};

/** A conversation with a driver, an owner, or an unknown number (both ids null). */
export type SmsChatsTable = {
  id: Id;
  company_id: number;
  driver_id: number | null;
  owner_id: number | null;
  /** E.164. */
  phone_number: string;
  title: string | null;
  assigned_user_id: number | null;
  counterpart_token: string | null;
  last_message_id: number | null;
  activity_at: CreatedAt;
  created_at: CreatedAt;
};

export type SmsBulkSendingsTable = {
  id: Id;
  company_id: number;
  created_by: number | null;
  content: string;
  state: Defaulted<'sending' | 'done'>;
  requested: Defaulted<number>;
  sent: Defaulted<number>;
  failed: Defaulted<number>;
  failures: JsonDefaulted<SmsBulkFailure[]>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
};

export type SmsMessagesTable = {
  id: Id;
  company_id: number;
  chat_id: number;
  direction: SmsDirection;
  user_from: number | null;
  content: Defaulted<string>;
  provider_message_id: string | null;
  delivery_status: SmsDeliveryStatus;
  error: string | null;
  bulk_id: number | null;
  created_at: CreatedAt;
};

/** The last message a colleague read in a chat (0: none). */
export type SmsChatReadsTable = {
  chat_id: number;
  user_id: number;
  company_id: number;
  last_read_message_id: Defaulted<number>;
};

/** A picture uploaded to be sent; message_id is null until it is. */
export type SmsFilesTable = {
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

export type SmsTables = {
  sms_provider_settings: SmsProviderSettingsTable;
  sms_chats: SmsChatsTable;
  sms_bulk_sendings: SmsBulkSendingsTable;
  sms_messages: SmsMessagesTable;
  sms_chat_reads: SmsChatReadsTable;
  sms_files: SmsFilesTable;
};
