// One round of bench:ws --messages, run by the client process (messages-clients.ts) on each 'go':
// the REST sends paced at the rate (at most 64 in flight) and the floor's sends half a period
// later, the wait for their deliveries, every answered message not delivered live looked up at
// its receiver (caught up or missing), and the round's figures for the server process.
import type { ClientProcess, MessagingClient, MsgToParent } from './messages-clients.ts';
import { percentile } from './shared.ts';

const MAX_IN_FLIGHT = 64;

export async function runRound(
  p: ClientProcess,
  m: { sends: number; rate: number },
): Promise<Extract<MsgToParent, { type: 'delivered' }>> {
  const { clients, byUser, origin, floorPort, floorStarted, floorLatencies } = p;
  const { startedAt, deliveredAt, latencies } = p;
  // Each round counts alone (the warm-up round is not counted).
  p.round++;
  latencies.length = 0;
  deliveredAt.clear();
  floorLatencies.length = 0;
  p.duplicates = 0;
  p.summaries = 0;
  const postTimes: number[] = [];
  let answered = 0;
  let failedPosts = 0;
  let inFlight = 0;
  const started = performance.now();
  const gap = 1000 / Math.max(1, m.rate);
  const posts: Promise<void>[] = [];
  /** clientMessageId → the message's id and receiver, from the POST's answer. */
  const answers = new Map<string, { id: number; receiver: number }>();
  // The floor's sender: the same schedule, half a period later, at the same time.
  const floorDone = (async () => {
    const floorPosts: Promise<unknown>[] = [];
    for (let i = 0; i < m.sends; i++) {
      const due = started + (i + 0.5) * gap;
      while (performance.now() < due) {
        await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, due - performance.now()))));
      }
      const c = clients[(i * 7919) % clients.length] as MessagingClient;
      const floorId = p.round * 1_000_000 + i;
      floorStarted.set(floorId, performance.now());
      floorPosts.push(
        fetch(`http://127.0.0.1:${floorPort}/floor/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            key: String(c.conversationId),
            id: floorId,
            to: c.partnerId,
            content: `Hej! Meddelande ${i} från bänken, med lite text som ett riktigt meddelande.`,
          }),
        })
          .then((res) => res.arrayBuffer())
          .catch(() => undefined),
      );
    }
    await Promise.all(floorPosts);
  })();
  for (let i = 0; i < m.sends; i++) {
    // Pace on the schedule (open loop), but never more than MAX_IN_FLIGHT at once.
    const due = started + i * gap;
    while (performance.now() < due || inFlight >= MAX_IN_FLIGHT) {
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, due - performance.now()))));
    }
    // Spread the senders over every client (a prime stride), both roles sending.
    const c = clients[(i * 7919) % clients.length] as MessagingClient;
    const clientMessageId = crypto.randomUUID();
    inFlight++;
    const p0 = performance.now();
    startedAt.set(clientMessageId, p0);
    posts.push(
      fetch(`${origin}/api/v1/user/messaging/conversations/${c.conversationId}/messages`, {
        method: 'POST',
        headers: { cookie: c.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          receiverId: c.partnerId,
          content: `Hej! Meddelande ${i} från bänken, med lite text som ett riktigt meddelande.`,
          clientMessageId,
        }),
      })
        .then(async (res) => {
          const answer = (await res.json().catch(() => null)) as { id?: number } | null;
          if (res.status === 201) {
            answers.set(clientMessageId, { id: answer?.id ?? NaN, receiver: c.partnerId });
            answered++;
            postTimes.push(performance.now() - p0);
          } else failedPosts++;
        })
        .catch(() => {
          failedPosts++;
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await Promise.all(posts);
  await floorDone;
  const deadline = performance.now() + 5_000;
  while ((deliveredAt.size < answered || floorStarted.size > 0) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 200)); // let duplicates show up
  // Every answered message not delivered live: fetched by its receiver, or missing by id.
  let caughtUp = 0;
  const missingIds: string[] = [];
  for (const [clientMessageId, a] of answers) {
    if (deliveredAt.has(clientMessageId)) continue;
    const receiver = byUser.get(a.receiver);
    const conv = receiver?.conversationId;
    const res = await fetch(
      `${origin}/api/v1/user/messaging/conversations/${conv}?after=${a.id - 1}`,
      { headers: { cookie: receiver?.cookie ?? '' } },
    ).catch(() => null);
    const found =
      res?.status === 200 &&
      ((await res.json()) as { messages: { id: number }[] }).messages.some((x) => x.id === a.id);
    if (found) caughtUp++;
    else missingIds.push(`${a.id} (${clientMessageId})`);
  }
  const floorSorted = Float64Array.from(floorLatencies).sort();
  const sorted = Float64Array.from(latencies).sort();
  const postSorted = Float64Array.from(postTimes).sort();
  return {
    type: 'delivered',
    sent: m.sends,
    answered,
    failedPosts,
    delivered: deliveredAt.size,
    caughtUp,
    missing: missingIds.length,
    missingIds,
    floor: {
      sent: m.sends,
      delivered: floorLatencies.length,
      missing: floorStarted.size,
      p50: percentile(floorSorted, 50),
      p99: percentile(floorSorted, 99),
      max: floorSorted[floorSorted.length - 1] ?? NaN,
    },
    duplicates: p.duplicates,
    summaries: p.summaries,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    postP50: percentile(postSorted, 50),
    postP99: percentile(postSorted, 99),
    wallMs: performance.now() - started,
  };
}
