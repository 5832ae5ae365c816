import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  addPendingMessage,
  loadPendingMessages,
  newClientMessageId,
  removePendingMessage,
  sendMessage,
  storeSentMessage,
  uploadWithText,
} from '@halsa/api';
import type { Id } from '@halsa/api/contract';
import { DEFAULT_RETRY_DELAYS, SendRetryQueue, type SendState } from './send-retry';

/** A message the user sent that the server has not confirmed (yet). */
export interface PendingMessage {
  /** Its `clientMessageId`, which names it in the list too. */
  key: string;
  /** Text, or the text line of a file message. */
  text: string;
  file: File | null;
  /**
   * Idempotency key of the message, text or file: a retry sends the same one, so the server
   * answers the first message instead of storing a copy (or the file twice).
   */
  clientMessageId: string;
  /** 'sending' also while it waits for the next automatic try. */
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

export interface PendingMessagesOptions {
  /**
   * The signed-in user. With it, unconfirmed text messages are kept in sessionStorage under this
   * user and conversation, and restored (and sent again) after a reload.
   */
  userId: Id | undefined;
  /**
   * The clientMessageIds of the messages the server has confirmed (the conversation as loaded or
   * received live): a pending message among them is done and dropped.
   */
  confirmed: ReadonlySet<string>;
  /** Waits between automatic tries (ms); short ones in stories. */
  retryDelays?: readonly number[] | undefined;
}

/**
 * Sending in an open conversation with a visible pending state (issue 6 req. 3: nothing lost or
 * doubled). A send that got no answer (offline, server down), a 429 or a 5xx stays 'Skickas…'
 * and is tried again by itself with a backoff, and at once when the browser is back `online`;
 * when the tries are used up, or at once on any other error, it is 'Kunde inte skickas' with
 * 'Försök igen' (a retryable failure is still tried again on `online`). Every try carries the
 * same clientMessageId, so the server never stores a copy. Failures are logged (spec §8:
 * sending errors are only logged).
 *
 * Text messages survive a reload: they are kept in sessionStorage until the server confirms
 * them or 'Ta bort', and on mount they are restored and sent again. File messages are not kept:
 * a `File` cannot be written to storage, so a reload loses a file that was not sent yet.
 *
 * Uses the plain `sendMessage`/`uploadWithText` calls rather than `useSendMessage`: a
 * `useSWRMutation` trigger swallows the error of an earlier call once a newer one has started,
 * so two quick sends could hide a failure.
 */
export function usePendingMessages(
  conversationId: Id,
  receiverId: Id | undefined,
  { userId, confirmed, retryDelays = DEFAULT_RETRY_DELAYS }: PendingMessagesOptions,
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

  const unstore = useCallback(
    (item: PendingMessage) => {
      if (!item.file && userId !== undefined) {
        removePendingMessage(userId, conversationId, item.clientMessageId);
      }
    },
    [userId, conversationId],
  );

  const deliver = useCallback(
    async (key: string) => {
      const item = items.current.get(key);
      if (!item) return;
      if (receiverId === undefined) throw new Error('No receiver for the message');
      try {
        const message = item.file
          ? await uploadWithText(conversationId, {
              file: item.file,
              fileName: item.file.name,
              text: item.text || undefined,
              receiverId,
              clientMessageId: item.clientMessageId,
              onProgress: ({ fraction }) => {
                if (fraction !== null) update(key, { progress: fraction * 100 });
              },
            })
          : await sendMessage(conversationId, {
              receiverId,
              content: item.text,
              clientMessageId: item.clientMessageId,
            });
        await storeSentMessage(mutate, conversationId, message);
      } catch (error) {
        console.error(item.file ? 'Failed to send file' : 'Failed to send message', error);
        throw error;
      }
    },
    [conversationId, receiverId, mutate, update],
  );

  const onChange = useCallback(
    (key: string, state: SendState) => {
      const item = items.current.get(key);
      if (!item) return;
      if (state === 'done') {
        unstore(item);
        update(key, null);
      } else if (state === 'failed') {
        update(key, { status: 'failed' });
      } else {
        update(key, { status: 'sending', progress: item.file ? 0 : undefined });
      }
    },
    [unstore, update],
  );

  // One queue for the life of the view, always with the newest callbacks and delays (a timer
  // may fire after a re-render). Configured before any effect below can run it.
  const [queue] = useState(() => new SendRetryQueue());
  useLayoutEffect(() => {
    queue.configure({ deliver, onChange, delays: retryDelays });
  }, [queue, deliver, onChange, retryDelays]);

  // Timers only while mounted; the network coming back tries the waiting sends at once.
  useEffect(() => {
    queue.start();
    const onOnline = () => queue.online();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      queue.stop();
    };
  }, [queue]);

  // After a reload: the stored text messages of this user and conversation are shown again and
  // sent at once with their clientMessageId (the server answers the first message if an earlier
  // try had arrived). Once per user and conversation, when the receiver is known.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (userId === undefined || receiverId === undefined) return;
    const scope = `${userId}.${conversationId}`;
    if (restoredFor.current === scope) return;
    restoredFor.current = scope;
    const restored: PendingMessage[] = [];
    for (const stored of loadPendingMessages(userId, conversationId)) {
      if (confirmed.has(stored.clientMessageId)) {
        removePendingMessage(userId, conversationId, stored.clientMessageId);
      } else if (!items.current.has(stored.clientMessageId)) {
        restored.push({
          key: stored.clientMessageId,
          text: stored.text,
          file: null,
          clientMessageId: stored.clientMessageId,
          status: 'sending',
          timestamp: stored.timestamp,
        });
      }
    }
    if (restored.length === 0) return;
    for (const item of restored) items.current.set(item.key, item);
    setPending([...items.current.values()]);
    for (const item of restored) queue.run(item.key);
  }, [userId, conversationId, receiverId, confirmed, queue]);

  // A pending message the server has confirmed (its answer, the loaded conversation or a live
  // message) is done: no more tries, and out of storage.
  useEffect(() => {
    let changed = false;
    for (const item of [...items.current.values()]) {
      if (!confirmed.has(item.clientMessageId)) continue;
      queue.forget(item.key);
      unstore(item);
      items.current.delete(item.key);
      changed = true;
    }
    if (changed) setPending([...items.current.values()]);
  }, [confirmed, queue, unstore]);

  const send = useCallback(
    (text: string, file: File | null) => {
      const clientMessageId = newClientMessageId();
      const item: PendingMessage = {
        key: clientMessageId,
        text,
        file,
        clientMessageId,
        status: 'sending',
        progress: file ? 0 : undefined,
        timestamp: new Date().toISOString(),
      };
      // Kept for a reload before it leaves; a file message cannot be (a File is not storable).
      if (!file && userId !== undefined) {
        addPendingMessage(userId, conversationId, {
          clientMessageId,
          text,
          timestamp: item.timestamp,
        });
      }
      items.current.set(item.key, item);
      setPending([...items.current.values()]);
      queue.run(item.key);
    },
    [conversationId, userId, queue],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.current.get(key);
      if (item && item.status === 'failed') queue.run(key, true);
    },
    [queue],
  );

  const discard = useCallback(
    (key: string) => {
      const item = items.current.get(key);
      if (!item) return;
      queue.forget(key);
      unstore(item);
      update(key, null);
    },
    [queue, unstore, update],
  );

  return { pending, send, retry, discard };
}
