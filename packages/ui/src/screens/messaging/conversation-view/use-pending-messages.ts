import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { sendMessage, storeSentMessage, uploadWithText } from '@halsa/api';
import type { Id } from '@halsa/api/contract';
import { newClientMessageId } from '../shared/client-message-id';

/** A message the user sent that the server has not confirmed (yet). */
export interface PendingMessage {
  key: string;
  /** Text, or the text line of a file message. */
  text: string;
  file: File | null;
  /** Idempotency key of a text message; a retry sends the same one. */
  clientMessageId: string | null;
  status: 'sending' | 'failed';
  /** Upload progress 0–100 of a file. */
  progress?: number;
  timestamp: string;
}

export interface PendingMessages {
  pending: PendingMessage[];
  /** Sends text (and a file, through uploadWithText); shows it as 'Skickas…' meanwhile. */
  send: (text: string, file: File | null) => void;
  /** 'Försök igen': sends a failed message again (same clientMessageId). */
  retry: (key: string) => void;
  /** 'Ta bort': forgets a failed message. */
  discard: (key: string) => void;
}

/**
 * Sending in an open conversation with a visible pending state. A failure is logged (spec §8:
 * sending errors are only logged) and the message stays as 'Kunde inte skickas' with a retry.
 *
 * Uses the plain `sendMessage`/`uploadWithText` calls rather than `useSendMessage`: a
 * `useSWRMutation` trigger swallows the error of an earlier call once a newer one has started,
 * so two quick sends could hide a failure.
 */
export function usePendingMessages(
  conversationId: Id,
  receiverId: Id | undefined,
): PendingMessages {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const items = useRef(new Map<string, PendingMessage>());

  const update = useCallback((key: string, change: Partial<PendingMessage> | null) => {
    const current = items.current.get(key);
    if (!current) return;
    if (change === null) items.current.delete(key);
    else items.current.set(key, { ...current, ...change });
    setPending([...items.current.values()]);
  }, []);

  const deliver = useCallback(
    async (item: PendingMessage) => {
      if (receiverId === undefined) return;
      update(item.key, { status: 'sending', progress: item.file ? 0 : undefined });
      try {
        const message = item.file
          ? await uploadWithText(conversationId, {
              file: item.file,
              fileName: item.file.name,
              text: item.text || undefined,
              onProgress: ({ fraction }) => {
                if (fraction !== null) update(item.key, { progress: fraction * 100 });
              },
            })
          : await sendMessage(conversationId, {
              receiverId,
              content: item.text,
              clientMessageId: item.clientMessageId ?? undefined,
            });
        await storeSentMessage(mutate, conversationId, message);
        update(item.key, null);
      } catch (error) {
        console.error(item.file ? 'Failed to send file' : 'Failed to send message', error);
        update(item.key, { status: 'failed' });
      }
    },
    [conversationId, receiverId, mutate, update],
  );

  const send = useCallback(
    (text: string, file: File | null) => {
      const clientMessageId = file ? null : newClientMessageId();
      const item: PendingMessage = {
        key: clientMessageId ?? newClientMessageId(),
        text,
        file,
        clientMessageId,
        status: 'sending',
        progress: file ? 0 : undefined,
        timestamp: new Date().toISOString(),
      };
      items.current.set(item.key, item);
      setPending([...items.current.values()]);
      void deliver(item);
    },
    [deliver],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.current.get(key);
      if (item && item.status === 'failed') void deliver(item);
    },
    [deliver],
  );

  const discard = useCallback((key: string) => update(key, null), [update]);

  return { pending, send, retry, discard };
}
