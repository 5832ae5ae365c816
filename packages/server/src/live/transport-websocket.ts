// The raw WebSocket transport (`ws`) at `/ws` and `/ws/websocket`: STOMP subprotocols, frames
// up to 4× the STOMP limit reach the parser (which answers with an ERROR frame), pings as
// heart-beats. The handshake has been checked by attach.ts before `accept` is called.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FrameLimits } from './frames.ts';
import type { StompSession } from './session.ts';
import type { LiveLogger, LiveTransport, LiveUser } from './types.ts';

const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

export interface WebSocketTransportDeps<U extends LiveUser> {
  limits: FrameLimits;
  log: LiveLogger;
  openSession: (transport: LiveTransport, user: U) => StompSession<U>;
}

export function createWebSocketTransport<U extends LiveUser>({
  limits,
  log,
  openSession,
}: WebSocketTransportDeps<U>) {
  const rawSockets = new Set<WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    // Let frames up to 4× the STOMP limit through so the parser can answer with an ERROR frame;
    // anything bigger is cut off by ws itself (close 1009).
    maxPayload: limits.maxFrameBytes * 4,
    handleProtocols: (protocols) => STOMP_PROTOCOLS.find((p) => protocols.has(p)) ?? false,
  });

  function acceptRaw(ws: WebSocket, user: U): void {
    rawSockets.add(ws);
    const transport: LiveTransport = {
      kind: 'websocket',
      send: (data) => {
        if (ws.readyState === ws.OPEN) ws.send(data);
      },
      close: (code, reason) => ws.close(code, reason),
      bufferedAmount: () => ws.bufferedAmount,
      ping: () => {
        if (ws.readyState === ws.OPEN) ws.ping();
      },
      pause: () => ws.pause(),
      resume: () => ws.resume(),
      terminate: () => ws.terminate(),
    };
    const session = openSession(transport, user);
    ws.on('message', (data) => session.receive(data as Buffer));
    ws.on('pong', () => session.touch());
    ws.on('error', (err) => log.debug({ err: err.message }, 'live: websocket error'));
    ws.on('close', () => {
      rawSockets.delete(ws);
      session.transportClosed();
    });
  }

  return {
    accept(req: IncomingMessage, socket: Duplex, head: Buffer, user: U): void {
      wss.handleUpgrade(req, socket, head, (ws) => acceptRaw(ws, user));
    },
    /** Gives close handshakes a moment, then cuts what is left. */
    async close(): Promise<void> {
      const pending = [...rawSockets].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const t = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 1000);
            ws.once('close', () => {
              clearTimeout(t);
              resolve();
            });
          }),
      );
      await Promise.all(pending);
      wss.close();
    },
  };
}
