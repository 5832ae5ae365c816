// The one autosave queue (issue 37) behind the journal note, the forms builder and, next, the
// questionnaires. It knows nothing of React or of what is saved: a versioned document is read
// with `read()` and sent with `save(doc, version)`, which answers the new version.
//
// - Every change calls `markDirty()`; after a pause (`delayMs`) the document is sent.
// - One request at a time: a change made while a save runs is sent by the next one, with the
//   version the first one answered. Other server work (a delete carrying the version) joins the
//   same line through `enqueue()`.
// - Offline (an `ApiError` with status 0): the state is 'offline', the edit stays, and it is sent
//   again on a backoff timer (2 s, 4 s … up to `maxRetryMs`), on `online()` or on `retry()`.
// - Refused: 'failed' with the server's message (or `failedMessage`) and a retry; a 409 stops
//   saving for good ('conflict', the server's message) and forgets the draft.
// - Drafts: with a `DraftStore`, the unsaved document is written before each send, when the
//   page is left (`leave()`, which also sends it unless the last save failed) and when the tab
//   closes (`unload()`), and removed once saved, so the next visit (memory store) or a reload
//   (storage store) can take it back (`takeDraft`).
import { isApiError } from '@halsa/api';
import type { DraftStore } from './drafts';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; message: string };

/** The pause after the last change before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;
/** The first retry while offline waits this long; each next one twice as long. */
export const FIRST_RETRY_MS = 2000;
/** Retries while offline wait at most this long. */
export const MAX_RETRY_MS = 30_000;

export interface AutosaveOptions<T> {
  /** The version the loaded document has; undefined while it is not on the server yet. */
  version: number | undefined;
  /** The document as it is now (read when its save's turn comes). */
  read: () => T;
  /** Sends the document based on `version`; resolves with the version the server now has. */
  save: (doc: T, version: number | undefined) => Promise<number>;
  /** The Swedish message of a refusal that carries none. */
  failedMessage: string;
  /** False while the document has errors the server would refuse: nothing is sent. */
  isValid?: (doc: T) => boolean;
  /** Where an unsaved document waits for the next visit or a reload. */
  drafts?: { store: DraftStore<T>; key: string; owner?: () => number | undefined };
  /** The document was taken back from a draft: it counts as unsaved and is sent at once. */
  restored?: boolean;
  delayMs?: number;
  maxRetryMs?: number;
}

export class AutosaveQueue<T> {
  state: SaveState;
  version: number | undefined;
  private rev: number;
  private savedRev = 0;
  private stopped = false;
  /** The last save did not go through (offline or refused). */
  private lastFailed = false;
  /** The page was left: no more retry timers, the draft waits for the next visit. */
  private left = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;
  /** The save that is queued or running, if any. */
  private running: Promise<boolean> | null = null;
  /** Every piece of server work, one after another. */
  private line: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  constructor(private options: AutosaveOptions<T>) {
    this.version = options.version;
    this.rev = options.restored ? 1 : 0;
    this.state = options.restored ? { kind: 'saving' } : { kind: 'idle' };
  }

  /** Newer callbacks (read, save, isValid, the drafts' owner) from a later render. */
  update(options: Partial<AutosaveOptions<T>>): void {
    this.options = { ...this.options, ...options };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SaveState => this.state;

  hasUnsaved = (): boolean => this.rev !== this.savedRev;

  /** Call after every change of the document. */
  markDirty = (): void => {
    this.rev += 1;
    if (this.stopped) return;
    // The same state object while saving, so typing does not re-render the page.
    const k = this.state.kind;
    if (k !== 'saving' && k !== 'offline' && k !== 'failed') this.setState({ kind: 'saving' });
    this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  };

  /** 'Försök igen': send now. */
  retry = (): void => {
    this.retryMs = FIRST_RETRY_MS;
    void this.flush();
  };

  /** The browser is back online. */
  online = (): void => {
    this.retryMs = FIRST_RETRY_MS;
    if (this.hasUnsaved()) void this.flush();
  };

  /**
   * Sends what is unsaved, after any save already on its way; `force` sends even an unchanged
   * document that is not on the server yet. Resolves true when everything is saved.
   */
  flush = async (force = false): Promise<boolean> => {
    clearTimeout(this.timer);
    while (this.running) await this.running;
    if (this.stopped) return false;
    const needed = this.hasUnsaved() || (force && this.version === undefined);
    if (!needed) return true;
    if (this.options.isValid && !this.options.isValid(this.options.read())) {
      this.setState({ kind: 'invalid' });
      return false;
    }
    this.setState({ kind: 'saving' });
    const run = this.enqueue(() => this.send(force)).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  };

  /** Before a final step (signing, sending in): everything saved and on the server. */
  saveNow = async (): Promise<boolean> => {
    // A change made while a save ran needs one more round.
    for (let round = 0; round < 3; round += 1) {
      if (await this.flush(true)) return true;
      if (this.stopped || this.lastFailed) return false;
    }
    return !this.hasUnsaved() && this.version !== undefined;
  };

  /**
   * Other server work in the same line (e.g. a delete that carries the version): it runs after
   * any save, gets the version and resolves with the next one. A 409 stops saving.
   */
  enqueueVersioned = (work: (version: number | undefined) => Promise<number>): Promise<void> =>
    this.enqueue(async () => {
      try {
        this.version = await work(this.version);
      } catch (error) {
        if (isApiError(error) && error.status === 409) this.stop(error.message);
        throw error;
      }
      // The work may have freed changes that waited (an invalid part removed).
      if (this.hasUnsaved() && !this.stopped)
        this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
    });

  /** The page is shown (again): retries run. */
  attach = (): void => {
    this.left = false;
  };

  /**
   * The page is left inside the app: keep the unsaved document as a draft and send it now,
   * unless the last save failed (then it waits for the next visit: a page that is gone sends
   * nothing into a network that just refused it).
   */
  leave = (): void => {
    this.left = true;
    clearTimeout(this.timer);
    if (this.hasUnsaved() && !this.stopped) {
      this.writeDraft();
      if (!this.lastFailed) void this.flush();
    }
  };

  /** The tab is closing or reloading: keep the unsaved document; true when the user should be asked. */
  unload = (): boolean => {
    if (!this.hasUnsaved()) return false;
    if (!this.stopped) this.writeDraft();
    return true;
  };

  private async send(force: boolean): Promise<boolean> {
    if (this.stopped) return false;
    // A change may have been saved by an earlier run while this one waited its turn.
    if (!this.hasUnsaved() && !(force && this.version === undefined)) return true;
    const doc = this.options.read();
    const sentRev = this.rev;
    this.writeDraft(doc);
    try {
      this.version = await this.options.save(doc, this.version);
      this.savedRev = sentRev;
      this.retryMs = FIRST_RETRY_MS;
      this.lastFailed = false;
      if (this.hasUnsaved()) {
        // Changed while this save ran: send the rest now (saveNow loops instead).
        if (!force) this.schedule(0);
        return false;
      }
      this.options.drafts?.store.remove(this.options.drafts.key);
      this.setState({ kind: 'saved' });
      return true;
    } catch (error) {
      this.lastFailed = true;
      if (isApiError(error) && error.status === 0) {
        this.setState({ kind: 'offline' });
        if (!this.left) this.schedule(this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? MAX_RETRY_MS);
      } else if (isApiError(error) && error.status === 409) {
        this.stop(error.message);
      } else {
        const message = isApiError(error) && error.message ? error.message : '';
        this.setState({ kind: 'failed', message: message || this.options.failedMessage });
      }
      return false;
    }
  }

  private stop(message: string) {
    this.stopped = true;
    clearTimeout(this.timer);
    // The edit cannot be saved on this version: the next visit starts from the server's.
    this.options.drafts?.store.remove(this.options.drafts.key);
    this.setState({ kind: 'conflict', message });
  }

  private enqueue<R>(work: () => Promise<R>): Promise<R> {
    const next = this.line.then(work, work);
    this.line = next.catch(() => undefined);
    return next;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private writeDraft(doc: T = this.options.read()) {
    const drafts = this.options.drafts;
    if (!drafts) return;
    drafts.store.write(drafts.key, {
      baseVersion: this.version,
      doc,
      ...(drafts.owner ? { owner: drafts.owner() } : {}),
    });
  }

  private setState(state: SaveState) {
    if (this.state.kind === state.kind && !('message' in state)) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
