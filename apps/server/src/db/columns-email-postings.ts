import type { ColumnSpec } from './columns';

/** The columns of the e-mailed load postings (migration 0018; see columns.ts). */
export const EMAIL_POSTINGS_COLUMNS = {
  email_postings: {
    id: 'int',
    company_id: 'int',
    from_address: 'text',
    from_name: 'text?',
    subject: 'text',
    text: 'text',
    message_id: 'text?',
    received_at: 'timestamp',
    state: 'text',
    load_id: 'int?',
    read_fields: 'json',
    unread_fields: 'json',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;
