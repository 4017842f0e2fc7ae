/**
 * Kysely table type of the e-mailed load postings (migration 0018), joined into `Database` in schema.ts;
 * its columns are in columns-email-postings.ts.
 */
import type { EmailPostingState, EmailPostingValues } from '@app/domain/loadboard/email-postings.schema';
import type { UnreadField } from '@app/domain/loadboard/posting-email.rules';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type JsonDefaulted<T> = ColumnType<T, string | T | undefined, string | T>;

/** A posting e-mail and what the reader made of it. */
export type EmailPostingsTable = {
  id: Generated<number>;
  company_id: number;
  from_address: string;
  from_name: string | null;
  subject: Defaulted<string>;
  text: Defaulted<string>;
  /** The Message-ID header: the same mail received again is kept once. */
  message_id: string | null;
  received_at: Timestamp;
  state: EmailPostingState;
  /** The board load it became. */
  load_id: number | null;
  read_fields: JsonDefaulted<EmailPostingValues>;
  unread_fields: JsonDefaulted<UnreadField[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type EmailPostingsTables = { email_postings: EmailPostingsTable };
