/**
 * Kysely table types of the e-mail threads and mailboxes (migration 0017), joined into `Database` in
 * schema.ts; their columns are in columns-email.ts.
 */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type JsonDefaulted<T> = ColumnType<T, string | T | undefined, string | T>;

/** A thread with a broker about a bid (1), a load (2) or accounting (3). */
export type EmailChatsTable = {
  id: Id;
  company_id: number;
  type: 1 | 2 | 3;
  bid_id: number | null;
  load_id: number | null;
  user_id: number | null;
  subject: string;
  broker_email: string | null;
  last_message_at: Timestamp | null;
  created_at: CreatedAt;
};

/** One e-mail in or out of a thread; `message_id` is the Message-ID header. */
export type EmailMessagesTable = {
  id: Id;
  company_id: number;
  chat_id: number;
  direction: 'in' | 'out';
  delivery: 'received' | 'sent' | 'kept' | 'failed';
  delivery_error: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  references_header: string | null;
  from_address: string;
  to_addresses: JsonDefaulted<string[]>;
  cc_addresses: JsonDefaulted<string[]>;
  subject: Defaulted<string>;
  html: Defaulted<string>;
  plain: Defaulted<string>;
  user_id: number | null;
  read_at: Timestamp | null;
  created_at: CreatedAt;
};

export type EmailAttachmentsTable = {
  id: Id;
  company_id: number;
  message_id: number;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: CreatedAt;
};

/** A user's own mailbox; `secret` is sealed (integrations/secret-box.ts), never answered nor logged. */
export type EmailMailboxesTable = {
  id: Id;
  company_id: number;
  user_id: number;
  provider: 'smtp_imap' | 'google' | 'zoho';
  address: string;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: Defaulted<boolean>;
  imap_host: string | null;
  imap_port: number | null;
  imap_secure: Defaulted<boolean>;
  username: string | null;
  secret: string;
  status: Defaulted<'connected' | 'invalid'>;
  imap_last_uid: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type EmailInboundAddressesTable = {
  id: Id;
  company_id: number;
  local_part: string;
  created_at: CreatedAt;
};

/** A company's Google or Zoho client keys; `client_secret` is sealed. */
export type EmailOauthClientsTable = {
  company_id: number;
  provider: 'google' | 'zoho';
  client_id: string;
  client_secret: string;
  created_at: CreatedAt;
};

export type EmailTables = {
  email_chats: EmailChatsTable;
  email_messages: EmailMessagesTable;
  email_attachments: EmailAttachmentsTable;
  email_mailboxes: EmailMailboxesTable;
  email_inbound_addresses: EmailInboundAddressesTable;
  email_oauth_clients: EmailOauthClientsTable;
};
