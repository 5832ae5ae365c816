// After a change of a conversation has committed: its live events, in the conversation's order
// (publish-order.ts). The message goes out at once (what a reader of the conversation waits for);
// each participant's summary is read then, outside any lock, and published in a second line of
// the conversation, so the next message does not wait for this read. Summaries are read in the
// order they are published, so a later one never shows an older state; under concurrent changes
// one may already count the next message.
import type { Clock } from '../../clock.ts';
import { benchTimings } from '../../live/bench-timings.ts';
import type { ConversationChange, MessagingEvents } from './live.ts';
import type { Ticket } from './publish-order.ts';
import { changeOf, toMessage, type ConversationRow, type Db, type MessageRow } from './queries.ts';

/** A committed change of a conversation, to publish: its number and the message it concerns. */
export interface Committed {
  conv: ConversationRow;
  row: MessageRow;
  seq: number;
  /** The message is the conversation's newest (a send), so the summaries need not look it up. */
  rowIsLast: boolean;
}

/**
 * Publishes `committed` with its ticket (null: nothing to publish, the ticket is given up).
 * Answers the change as published, or null when there was none or its summaries could not be
 * read (reported through `events`; the live part never throws).
 */
export async function publishChange(
  live: { db: Db; clock: Clock; events: MessagingEvents },
  ticket: Ticket,
  committed: Committed | null,
): Promise<ConversationChange | null> {
  if (!committed) {
    ticket.release();
    return null;
  }
  const { conv, row, seq, rowIsLast } = committed;
  let change: ConversationChange | null = null;
  const t0 = benchTimings.now();
  await ticket.publish(
    seq,
    () => {
      benchTimings.since('msg.publishOrderWait', t0);
      const t = benchTimings.now();
      live.events.emitMessage(conv.id, toMessage(row));
      benchTimings.since('msg.emitMessage', t);
    },
    async () => {
      let t = benchTimings.now();
      try {
        change = await changeOf(live.db, conv, row, rowIsLast, live.clock.now());
      } catch (error) {
        live.events.failed(error, conv.id);
        return;
      }
      benchTimings.since('msg.summaries', t);
      t = benchTimings.now();
      live.events.emitSummaries(change);
      benchTimings.since('msg.emitSummaries', t);
    },
  );
  return change;
}
