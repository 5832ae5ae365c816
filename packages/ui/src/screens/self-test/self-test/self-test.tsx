// /test (spec §2.4, design §4.11, issue 13; every role): a self-check a support person can ask a
// user to open. Each line says in words (and colour) whether it passed: the browser and version,
// the live connection's state and its round trip (a STOMP SEND to the ping destination timed until
// its RECEIPT, on the connection itself), a test notice sent to oneself that must arrive over the
// live connection within 10 seconds, and the computer's clock against the server's.
import {
  isApiError,
  notificationSchema,
  SELF_TEST_NOTIFICATION_TYPE,
  useSelfTest,
} from '@halsa/api';
import {
  LiveDestinations,
  LivePingError,
  PING_TIMEOUT_MS,
  useLiveClient,
  useLiveStatus,
  useTopic,
} from '@halsa/api/live';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { detectBrowser } from './browser';
import { Page } from '../../../components/page/page';

/** How long the test notice may take over the live connection. */
export const NOTICE_TIMEOUT_MS = 10_000;
/** Largest clock difference that still passes. */
export const MAX_SKEW_MS = 60_000;
const SLOW_MS = 2_000;

type Verdict = 'pass' | 'fail' | 'pending';

interface Run {
  id: number;
  startedAt: number;
  skewMs?: number;
  noticeId?: number;
  noticeMs?: number;
  timedOut?: boolean;
  error?: string;
}

const ms = (n: number) => `${formatNumber(Math.round(n))} ms`;
const seconds = (n: number) => `${formatNumber(Math.round(Math.abs(n) / 1000))} s`;

function Line({
  label,
  verdict,
  children,
}: {
  label: string;
  verdict: Verdict;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 border-t border-border p-3 first:border-t-0">
      {/* A phone puts the result under the label and verdict, the width of the line. */}
      <span className="min-w-0 flex-1 font-medium break-words sm:w-48 sm:flex-none">{label}</span>
      <Badge
        variant={verdict === 'pass' ? 'success' : verdict === 'fail' ? 'danger' : 'neutral'}
        data-verdict={verdict}
      >
        {verdict === 'pass' ? 'OK' : verdict === 'fail' ? 'Fel' : 'Testar…'}
      </Badge>
      <span className="min-w-0 basis-full break-words sm:flex-1 sm:basis-0">{children}</span>
    </li>
  );
}

/** The live connection's round trip of one run: ms, or why there is none. */
interface Ping {
  id: number;
  ms?: number;
  failed?: 'not-connected' | 'timeout';
}

export interface SelfTestScreenProps {
  /** For stories: another browser's user-agent string. */
  userAgent?: string;
  /** For stories: a shorter wait for the test notice. */
  noticeTimeoutMs?: number;
  /** For stories: a shorter wait for the live connection's answer. */
  pingTimeoutMs?: number;
}

export function SelfTestScreen({
  userAgent,
  noticeTimeoutMs = NOTICE_TIMEOUT_MS,
  pingTimeoutMs = PING_TIMEOUT_MS,
}: SelfTestScreenProps = {}) {
  const status = useLiveStatus();
  const live = useLiveClient();
  const selfTest = useSelfTest();
  const { trigger } = selfTest;
  const [browser] = useState(() => detectBrowser(userAgent ?? navigator.userAgent));
  const waitSeconds = Math.max(1, Math.round(noticeTimeoutMs / 1000));
  const [runId, setRunId] = useState(1);
  const [run, setRun] = useState<Run>({ id: 0, startedAt: 0 });
  const [ping, setPing] = useState<Ping>({ id: 0 });
  // Test notices seen on the live connection, with when they arrived (they may beat the answer).
  const arrived = useRef(new Map<number, number>());

  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success || parsed.data.type !== SELF_TEST_NOTIFICATION_TYPE) return;
    const at = performance.now();
    arrived.current.set(parsed.data.id, at);
    setRun((r) =>
      r.noticeId === parsed.data.id && r.noticeMs === undefined && !r.timedOut
        ? { ...r, noticeMs: at - r.startedAt }
        : r,
    );
  });

  // The round trip on the live connection itself, once it is open (again on every run).
  useEffect(() => {
    if (status !== 'open') return;
    let cancelled = false;
    live.ping(pingTimeoutMs).then(
      (ms) => {
        if (!cancelled) setPing({ id: runId, ms });
      },
      (e: unknown) => {
        if (cancelled) return;
        const reason = e instanceof LivePingError ? e.reason : 'timeout';
        setPing({ id: runId, failed: reason });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [live, status, runId, pingTimeoutMs]);

  // The test notice is sent only once the ping of this run has settled: its RECEIPT means the
  // server has handled every frame before it, the notices SUBSCRIBE included, so the notice
  // cannot be published before she listens (it was, right after a page load, and read as lost).
  // Without a live connection it is sent once the wait for one has run out.
  const [waitedOut, setWaitedOut] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(runId), pingTimeoutMs);
    return () => clearTimeout(timer);
  }, [runId, pingTimeoutMs]);
  const pingSettled = ping.id === runId || waitedOut === runId;

  useEffect(() => {
    if (!pingSettled) return;
    let cancelled = false;
    const startedAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    trigger().then(
      (answer) => {
        if (cancelled) return;
        // The server read its clock about half-way through the HTTP round trip.
        const httpMs = performance.now() - startedAt;
        const skewMs = Date.now() - httpMs / 2 - Date.parse(answer.serverTime);
        const seen = arrived.current.get(answer.notificationId);
        setRun({
          id: runId,
          startedAt,
          skewMs,
          noticeId: answer.notificationId,
          noticeMs: seen === undefined ? undefined : seen - startedAt,
        });
        timer = setTimeout(
          () =>
            setRun((r) =>
              r.id === runId && r.noticeMs === undefined ? { ...r, timedOut: true } : r,
            ),
          noticeTimeoutMs,
        );
      },
      (e: unknown) => {
        if (cancelled) return;
        setRun({
          id: runId,
          startedAt,
          error: isApiError(e) && e.message ? e.message : 'Kunde inte skicka testnotisen',
        });
      },
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [trigger, runId, noticeTimeoutMs, pingSettled]);

  const current = run.id === runId ? run : null;
  const rtt = ping.id === runId && status === 'open' ? ping : null;
  const rttVerdict: Verdict =
    status === 'closed' || rtt?.failed
      ? 'fail'
      : rtt?.ms === undefined
        ? 'pending'
        : rtt.ms <= SLOW_MS
          ? 'pass'
          : 'fail';
  const noticeVerdict: Verdict =
    current?.error || current?.timedOut
      ? 'fail'
      : current?.noticeMs !== undefined
        ? 'pass'
        : 'pending';

  return (
    <Page page="selfTest" gap="gap-4">
      <p className="text-fg-muted">
        Här kontrolleras att portalen fungerar i din webbläsare. Om supporten ber dig, berätta vad
        som står på raderna nedan.
      </p>
      <ul aria-label="Resultat av testet" className="rounded-card border border-border">
        <Line label="Webbläsare" verdict={browser.supported ? 'pass' : 'fail'}>
          {browser.version === null
            ? `${browser.name}. Använd en aktuell version av Chrome, Edge, Firefox eller Safari.`
            : `${browser.name} ${browser.version}${
                browser.supported ? '. Stöds.' : '. För gammal version: uppdatera webbläsaren.'
              }`}
        </Line>
        <Line
          label="Realtidsanslutning"
          verdict={status === 'open' ? 'pass' : status === 'connecting' ? 'pending' : 'fail'}
        >
          {status === 'open'
            ? 'Ansluten.'
            : status === 'connecting'
              ? 'Ansluter…'
              : 'Inte ansluten. Nya meddelanden och notiser visas först när sidan laddas om.'}
        </Line>
        <Line label="Svarstid" verdict={rttVerdict}>
          {status === 'closed'
            ? 'Kan inte mätas utan realtidsanslutning.'
            : rtt?.failed === 'timeout'
              ? `Realtidsanslutningen svarade inte inom ${seconds(pingTimeoutMs)}.`
              : rtt?.failed
                ? 'Kan inte mätas utan realtidsanslutning.'
                : rtt?.ms === undefined
                  ? 'Mäter…'
                  : `Realtidsanslutningen svarade på ${ms(rtt.ms)}${rtt.ms > SLOW_MS ? ', långsamt.' : '.'}`}
        </Line>
        <Line label="Testnotis" verdict={noticeVerdict}>
          {current?.error
            ? current.error
            : current?.timedOut
              ? `Testnotisen kom inte fram inom ${waitSeconds} ${waitSeconds === 1 ? 'sekund' : 'sekunder'}.`
              : current?.noticeMs !== undefined
                ? `Testnotisen kom fram på ${ms(current.noticeMs)}.`
                : 'Väntar på testnotisen…'}
        </Line>
        <Line
          label="Klocka"
          verdict={
            current?.skewMs === undefined
              ? current?.error
                ? 'fail'
                : 'pending'
              : Math.abs(current.skewMs) <= MAX_SKEW_MS
                ? 'pass'
                : 'fail'
          }
        >
          {current?.skewMs === undefined
            ? current?.error
              ? 'Serverns tid kunde inte hämtas.'
              : 'Jämför med servern…'
            : Math.abs(current.skewMs) <= MAX_SKEW_MS
              ? `Datorns klocka går rätt (skillnad ${seconds(current.skewMs)}).`
              : `Datorns klocka går ${current.skewMs > 0 ? 'före' : 'efter'} med ${seconds(
                  current.skewMs,
                )}. Ställ in rätt tid i datorns inställningar.`}
        </Line>
      </ul>
      <div>
        <Button variant="secondary" onClick={() => setRunId((n) => n + 1)}>
          Kör testet igen
        </Button>
      </div>
    </Page>
  );
}
