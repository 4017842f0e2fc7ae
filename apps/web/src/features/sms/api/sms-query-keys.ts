// The cache keys of SMS chats. Everything sits under ['sms'] so that the realtime mapping reaches a chat's
// messages by its id without knowing its pages.

export const smsQueryKeys = {
  all: ['sms'] as const,
  lists: ['sms', 'list'] as const,
  chats: ['sms', 'chat'] as const,
  chat: (id: number) => ['sms', 'chat', id] as const,
  bulk: (id: number) => ['sms', 'bulk', id] as const,
};

export const SMS_API = '/backend/api/v2/sms/chats';
