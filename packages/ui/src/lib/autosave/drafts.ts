// Where an unsaved document waits (issue 37): in memory, for a page left inside the app (health
// data such as a journal note's answers is never written to browser storage), or in
// localStorage, so a reload keeps it too (the forms builder's questions hold no health data).
export interface Draft<T> {
  /** The version the edit was based on: it is taken back only onto that very version. */
  baseVersion: number | undefined;
  doc: T;
  /** Who wrote it: another user signed in on the same tab never gets it. */
  owner?: number | undefined;
}

export interface DraftStore<T> {
  read(key: string): Draft<T> | null;
  write(key: string, draft: Draft<T>): void;
  remove(key: string): void;
}

/** Drafts in this tab's memory: gone on reload, never on disk. */
export function memoryDrafts<T>(): DraftStore<T> & { clear(): void } {
  const drafts = new Map<string, Draft<T>>();
  return {
    read: (key) => drafts.get(key) ?? null,
    write: (key, draft) => void drafts.set(key, draft),
    remove: (key) => void drafts.delete(key),
    clear: () => drafts.clear(),
  };
}

/** Drafts in localStorage under `key`, so a reload keeps them; a full or blocked storage is ignored. */
export function storageDrafts<T>(): DraftStore<T> {
  return {
    read(key) {
      try {
        const raw = localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as Draft<T>) : null;
      } catch {
        return null;
      }
    },
    write(key, draft) {
      try {
        localStorage.setItem(key, JSON.stringify(draft));
      } catch {
        // Storage full or blocked: the edit is still kept in memory.
      }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch {
        // Blocked storage holds nothing to remove.
      }
    },
  };
}

/**
 * The draft left under `key` if it was based on `version` and written by `owner`; any other
 * draft there is stale and removed. Kept until a save succeeds (React's StrictMode runs state
 * initialisers twice).
 */
export function takeDraft<T>(
  store: DraftStore<T>,
  key: string,
  version: number | undefined,
  owner?: number,
): T | null {
  const draft = store.read(key);
  if (!draft) return null;
  if (draft.baseVersion === version && draft.owner === owner) return draft.doc;
  store.remove(key);
  return null;
}
