import { useRef } from 'react';
import { isApiError } from '@/lib/api-error';
import type { ComposerMessage } from './chat-composer';

// Sending a composed message: its files uploaded first (each once, even when the send is tried again),
// then the message with their ids under one Idempotency-Key. A send that never reached an answer (the
// connection dropped) keeps its key, so trying again cannot write the message twice; a refusal of the
// server takes a new key for the next try.

export type ChatSendBody = { content: string; files_id: number[] };

export function useChatSender(
  upload: (file: File) => Promise<{ id: number }>,
  send: (body: ChatSendBody, idempotencyKey: string) => Promise<unknown>,
) {
  const uploaded = useRef(new WeakMap<File, number>());
  const attempt = useRef<{ key: string; body: string } | null>(null);

  return async ({ content, files }: ComposerMessage): Promise<void> => {
    const filesId: number[] = [];
    for (const file of files) {
      let id = uploaded.current.get(file);
      if (id === undefined) {
        id = (await upload(file)).id;
        uploaded.current.set(file, id);
      }
      filesId.push(id);
    }
    const body = { content, files_id: filesId };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    try {
      await send(body, attempt.current.key);
      attempt.current = null;
    } catch (error) {
      if (isApiError(error) && error.status !== undefined) attempt.current = null;
      throw error;
    }
  };
}
