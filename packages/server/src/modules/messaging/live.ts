// How the messaging service reaches the live (STOMP) broker. The module takes a publisher
// through its factory; by default it looks the broker up when it publishes, at `ctx.live.broker`
// or `app.live.broker` (live/README.md), so the module works before and after the live server
// is wired in, and publishes nothing when there is none (tests without a live server).
import type { Conversation, Message, Role } from '@halsa/api/contract';
import { LiveDestinations } from '../../live/destinations.ts';

/** The part of live/broker.ts `LiveBroker` this module uses. */
export interface LivePublisher {
  publish(destination: string, body: unknown): void;
}

/** A publisher, or a function that finds one at publish time (undefined → nothing is sent). */
export type PublisherSource = LivePublisher | (() => LivePublisher | undefined);

type WithLive = { live?: { broker?: LivePublisher } | null };

/** Finds `live.broker` on the app context or on the Fastify instance, whichever has it. */
export function brokerLookup(...holders: unknown[]): () => LivePublisher | undefined {
  return () => {
    for (const holder of holders) {
      const broker = (holder as WithLive | undefined)?.live?.broker;
      if (broker && typeof broker.publish === 'function') return broker;
    }
    return undefined;
  };
}

/** One change of a conversation: the message for its topic and each participant's summary. */
export interface ConversationChange {
  conversationId: number;
  message: Message;
  summaries: ReadonlyArray<{ userId: number; conversation: Conversation }>;
  /**
   * Both participants' roles as the change's transaction read them, so the push audit
   * (preview-audit.ts) needs no query of its own per push (issue 27); absent → it looks them up.
   */
  roles?: ReadonlyMap<number, Role>;
}

export class MessagingEvents {
  readonly #source: () => LivePublisher | undefined;

  constructor(
    source: PublisherSource,
    private readonly onError: (error: unknown, destination: string) => void,
    /** Called after a change went out (the activity log of pushed message text). */
    private readonly onPublished?: (change: ConversationChange) => void,
  ) {
    this.#source = typeof source === 'function' ? source : () => source;
  }

  /** Publishes one change; never throws (a live failure must not fail the HTTP call). */
  emit(change: ConversationChange): void {
    this.emitMessage(change.conversationId, change.message);
    this.emitSummaries(change);
  }

  /** The message of a change on its conversation's topic (first: it is what a reader waits for). */
  emitMessage(conversationId: number, message: Message): void {
    const broker = this.#source();
    if (!broker) return;
    this.#publish(broker, LiveDestinations.conversationMessages(conversationId), message);
  }

  /** Each participant's summary of a change, then the push audit; never throws. */
  emitSummaries(change: ConversationChange): void {
    const broker = this.#source();
    if (!broker) return;
    for (const s of change.summaries) {
      this.#publish(broker, LiveDestinations.userConversations(s.userId), s.conversation);
    }
    this.onPublished?.(change);
  }

  /** A change whose summaries could not be read (after its commit): reported, not thrown. */
  failed(error: unknown, conversationId: number): void {
    this.onError(error, LiveDestinations.conversationMessages(conversationId));
  }

  #publish(broker: LivePublisher, destination: string, body: unknown): void {
    try {
      broker.publish(destination, body);
    } catch (error) {
      this.onError(error, destination);
    }
  }
}
