import type { ColumnSpec } from './columns';

/** The columns of group and notes chats, their members, messages and files, as the migrations make them (see columns.ts). */
export const CHATS_COLUMNS = {
  group_chats: {
    id: 'int',
    company_id: 'int',
    kind: 'text',
    load_id: 'int?',
    team_id: 'int?',
    title: 'text',
    created_by: 'int?',
    last_message_id: 'int?',
    activity_at: 'timestamp',
    created_at: 'timestamp',
  },
  group_chat_members: {
    chat_id: 'int',
    user_id: 'int',
    company_id: 'int',
    last_read_message_id: 'int',
    notice_read_message_id: 'int',
    joined_at: 'timestamp',
  },
  group_chat_messages: {
    id: 'int',
    company_id: 'int',
    chat_id: 'int',
    user_from: 'int?',
    content: 'text',
    created_at: 'timestamp',
  },
  chat_files: {
    id: 'int',
    company_id: 'int',
    uploaded_by: 'int?',
    name: 'text',
    storage_path: 'text',
    size_bytes: 'int',
    mime: 'text?',
    message_id: 'int?',
    created_at: 'timestamp',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;
