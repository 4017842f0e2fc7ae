import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { ROLES, type RoleId } from '../common/lookups';
import { maxCharactersMessage } from '../common/text-fields';
import { menuRoles } from '../shell/menu.rules';

// Group and notes chats (/group-chats/, /group-chats/{chatId}, ?dir=notes) and their calls:
// GET users/current/chats, GET users/current/chats/{id}/, POST .../send-message and send-note-message,
// PUT users/current/chats/upload-file/, PUT .../mark-read and mark-read-note-chat.
//
// SHARED SHAPES: the chat message (chatMessageSchema), its files (chatFileSchema), the person who wrote it
// (chatUserSchema), the chat list item (chatListItemSchema), the chat list answer (chatListResponseSchema)
// and the send body (chatSendMessageSchema) are the shapes of every chat of the product: the SMS chats
// (sms/) reuse them as they are, and extend them with fields of their own when they need more.
//
// Chats of the product: every load has a group chat (type 'Load') and a notes chat (type 'Note'), created
// when first opened, listed or written to; the notes chat is reached through its load chat's id
// (?dir=notes, send-note-message, mark-read-note-chat). Admins and managers also make chats for a team
// (type 'Team').

/** Messages a page of the chat view: the newest page first, each page oldest to newest. */
export const CHAT_PAGE_SIZE = 25;
/** Chats a page of a chat list. */
export const CHAT_LIST_PAGE_SIZE = 50;
/** The notes badge shows '99+' beyond this. */
export const NOTES_BADGE_CAP = 99;
/** The longest message a user may write. */
export const CHAT_MESSAGE_MAX = 5_000;
/** Files one message may carry. */
export const CHAT_FILES_MAX = 10;
/** The longest title of a team chat. */
export const CHAT_TITLE_MAX = 100;
/** The picture shown for a person or a chat without an avatar (served by the web app). */
export const DEFAULT_AVATAR_PATH = '/default-avatar.svg';

/** The avatar to show: the one given, or the default one. */
export function avatarOrDefault(avatar: string | null | undefined): string {
  return avatar && avatar.trim() !== '' ? avatar : DEFAULT_AVATAR_PATH;
}

/** Who uses group chats: the menu entry's roles (3, 4, 5, 6, 8). */
export const GROUP_CHAT_ROLES: readonly RoleId[] = menuRoles('groupChats');
/** Who reads every chat of the company, member or not, and makes chats for a team. */
export const CHAT_SUPERVISOR_ROLES = [ROLES.admin, ROLES.manager] as const satisfies readonly RoleId[];
export const CHAT_CREATE_ROLES: readonly RoleId[] = CHAT_SUPERVISOR_ROLES;

/** What each chat call allows. */
export const CHAT_ACTION_ROLES = {
  list: GROUP_CHAT_ROLES,
  read: GROUP_CHAT_ROLES,
  send: GROUP_CHAT_ROLES,
  upload: GROUP_CHAT_ROLES,
  markRead: GROUP_CHAT_ROLES,
  create: CHAT_CREATE_ROLES,
} as const;

export function canSuperviseChats(user: {
  role: number | null | undefined;
  is_superuser?: boolean;
}): boolean {
  return user.is_superuser === true || (CHAT_SUPERVISOR_ROLES as readonly number[]).includes(user.role ?? -1);
}

export const CHATS_MESSAGES = {
  contentOrFiles: 'Write a message or attach a file',
  contentTooLong: maxCharactersMessage(CHAT_MESSAGE_MAX),
  tooManyFiles: `At most ${CHAT_FILES_MAX} files a message`,
  filesUnknown: 'These files were not uploaded by you or are already sent',
  titleRequired: 'Title must be present',
  titleTooLong: maxCharactersMessage(CHAT_TITLE_MAX),
  teamNotFound: 'Team not found',
} as const;

// ---------------------------------------------------------------- shared shapes (group, notes, SMS)

/** A file of a message: the name the user gave and where to download it. */
export const chatFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

/**
 * A person of a chat: a colleague (id is the user's), or a driver's or owner's side of an SMS chat (id null
 * when they have no account). `avatar` is never empty: a missing one is DEFAULT_AVATAR_PATH.
 */
export const chatUserSchema = z.object({
  id: z.number().int().nullable(),
  avatar: z.string(),
  role: z.number().int().nullable(),
  full_name: z.string(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** A message of any chat; `sms_chat` is the SMS chat's id, null for group and notes chats. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  files: z.array(chatFileSchema),
  created_date: isoDateTimeSchema,
  user_from: chatUserSchema,
  sms_chat: z.number().int().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The type of a group chat as the API names it: a load's chat, its notes, a team's chat. */
export const GROUP_CHAT_TYPES = ['Load', 'Note', 'Team'] as const;
export type GroupChatType = (typeof GROUP_CHAT_TYPES)[number];

/**
 * What a chat is about, shown in the list: a load (name '#000042', its driver), a team, a driver or owner
 * (SMS). `avatar` is never empty.
 */
export const chatEntitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  resp_driver: z.object({ id: z.number().int(), full_name: z.string(), avatar: z.string() }).nullable(),
});
export type ChatEntity = z.infer<typeof chatEntitySchema>;

/** A chat in a list (group or SMS). `type` is 'Load' for a load's chat; `user` is its responsible person. */
export const chatListItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  unread_count: z.number().int().min(0),
  /** Unread notes of a load chat (0 for the others); the badge caps at NOTES_BADGE_CAP. */
  notes_unread_count: z.number().int().min(0),
  entity: chatEntitySchema.nullable(),
  user: chatUserSchema.nullable(),
  last_message: chatMessageSchema.nullable(),
  updated_date: isoDateTimeSchema,
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** A chat list's query: page from 1, at most 50 a page, `entity` searches. */
export const chatListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CHAT_LIST_PAGE_SIZE).default(CHAT_LIST_PAGE_SIZE),
  entity: z.string().trim().max(100, maxCharactersMessage(100)).optional(),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

/** A chat list: the page asked for, the search (null without one), the chats. */
export const chatListResponseSchema = z.object({
  count: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  entity: z.string().nullable(),
  chats: z.array(chatListItemSchema),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** POST .../send-message (and send-sms): text, files uploaded before (their ids), or both. */
export const chatSendMessageSchema = z
  .object({
    content: z.string().max(CHAT_MESSAGE_MAX, CHATS_MESSAGES.contentTooLong).default(''),
    files_id: z.array(idSchema).max(CHAT_FILES_MAX, CHATS_MESSAGES.tooManyFiles).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.content.trim() === '' && body.files_id.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: CHATS_MESSAGES.contentOrFiles });
    }
  });
export type ChatSendMessage = z.infer<typeof chatSendMessageSchema>;

/** A chat's page of messages: `page` 1 is the newest page; within a page the newest message is last. */
export const chatMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** 'notes' opens the load chat's notes. */
  dir: z.enum(['notes']).optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

// ---------------------------------------------------------------- group chats

/** The load of a load chat, as the chat view shows it. */
export const chatLoadSchema = z.object({
  id: z.number().int(),
  load_accounting_number: z.number().int().nullable(),
  status: z.number().int(),
  accounting_status: z.number().int().nullable(),
});

/** A driver or owner of the chat's load. */
export const chatPersonSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  avatar: z.string(),
  phone_number: z.string().nullable(),
});

/**
 * GET users/current/chats/{id}/: the page of messages and their count, the unread count, the load (a load
 * chat) and its driver and owner, and `user`: the chat's responsible person (the load's dispatcher, the
 * team chat's maker). `type` is 'Note' when ?dir=notes was asked; `id` is the load chat's id either way.
 */
export const chatResponseSchema = z.object({
  id: z.number().int(),
  type: z.enum(GROUP_CHAT_TYPES),
  title: z.string(),
  messages: z.object({ results: z.array(chatMessageSchema), count: z.number().int().min(0) }),
  unread_count: z.number().int().min(0),
  notes_unread_count: z.number().int().min(0),
  is_member: z.boolean(),
  load: chatLoadSchema.nullable(),
  user: chatUserSchema.nullable(),
  driver: chatPersonSchema.nullable(),
  owner: chatPersonSchema.nullable(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** `group_chat_message`'s chat: the load chat's id, and 'Note' as its type for a notes message. */
export const groupChatRefSchema = z.object({
  id: z.number().int(),
  type: z.enum(GROUP_CHAT_TYPES),
  title: z.string(),
  load_id: z.number().int().nullable(),
});
export type GroupChatRef = z.infer<typeof groupChatRefSchema>;

/**
 * `mark_as_read_group_chat`'s data: the chat the reader read (the load chat's id for its notes) and its type,
 * 'Note' when the notes were read, so that the notes badge is cleared and not the chat's.
 */
export const groupChatReadEventSchema = z.object({
  chat_id: z.number().int(),
  type: z.enum(GROUP_CHAT_TYPES),
});
export type GroupChatReadEvent = z.infer<typeof groupChatReadEventSchema>;

/** PUT users/current/chats/upload-file/: the stored file, to send with a message by its id. */
export const chatUploadResponseSchema = chatFileSchema;

/** POST users/current/chats/create: a chat for a team (admins and managers). */
export const chatCreateSchema = z.object({
  team_id: idSchema,
  title: z
    .string({ error: CHATS_MESSAGES.titleRequired })
    .trim()
    .min(1, CHATS_MESSAGES.titleRequired)
    .max(CHAT_TITLE_MAX, CHATS_MESSAGES.titleTooLong),
});
export type ChatCreate = z.infer<typeof chatCreateSchema>;

/** PUT .../mark-read and mark-read-note-chat: the chat read (the load chat's id for its notes). */
export const chatReadResponseSchema = z.object({ chat_id: z.number().int(), unread_count: z.literal(0) });

/** POST users/current/chats/load/{id}: the load's chat (made if it has none yet): its id. */
export const chatOpenResponseSchema = z.object({ id: z.number().int() });
