import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { EMAIL_API, invalidateEmailChat } from './email-query-keys';

/** PUT email/chats/{id}/mark-read: the thread's incoming messages are read. */
export function markEmailChatRead(id: number) {
  return http.put<{ id: number; unread_count: 0 }>(`${EMAIL_API}/chats/${id}/mark-read`, undefined, {
    // A thread that could not be marked is still shown; nothing to tell the user.
    silent: true,
  });
}

export function useMarkEmailChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEmailChatRead,
    // The thread shows its messages read, the lists their counts at 0.
    onSuccess: (_answer, id) => invalidateEmailChat(queryClient, id),
  });
}
