// The React side of the one autosave queue (autosave-queue.ts): one queue per mounted editor,
// its state as React state, the browser's 'online' and 'beforeunload' events, and leaving the
// page (the unsaved document is kept as a draft and sent once more).
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { AutosaveQueue, type AutosaveOptions, type SaveState } from './autosave-queue';

export interface Autosave {
  state: SaveState;
  /** Call after every change. */
  markDirty: () => void;
  /** 'Försök igen'. */
  retry: () => void;
  /** Everything saved and the document on the server (before signing or sending in). */
  saveNow: () => Promise<boolean>;
  /** Server work in the same line as the saves; gets the version, resolves with the next. */
  enqueueVersioned: (work: (version: number | undefined) => Promise<number>) => Promise<void>;
  hasUnsaved: () => boolean;
}

/**
 * Autosave of one document. `version`, `drafts.key` and `restored` are read on the first render
 * (key the component by the document); the callbacks may change on every render.
 */
export function useAutosave<T>(options: AutosaveOptions<T>): Autosave {
  const [queue] = useState(() => new AutosaveQueue(options));
  // The latest callbacks for timers and events (after each render, never during it).
  useLayoutEffect(() => {
    queue.update({
      read: options.read,
      save: options.save,
      isValid: options.isValid,
      failedMessage: options.failedMessage,
      // The writer may be known only after the first render (the session loads).
      drafts: options.drafts,
    });
  });
  const state = useSyncExternalStore(queue.subscribe, queue.getState);

  const restored = options.restored ?? false;
  useEffect(() => {
    if (restored) void queue.flush();
  }, [queue, restored]);

  useEffect(() => {
    queue.attach();
    const leaving = (event: BeforeUnloadEvent) => {
      if (queue.unload()) event.preventDefault();
    };
    window.addEventListener('online', queue.online);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', queue.online);
      window.removeEventListener('beforeunload', leaving);
      queue.leave();
    };
  }, [queue]);

  return {
    state,
    markDirty: queue.markDirty,
    retry: queue.retry,
    saveNow: queue.saveNow,
    enqueueVersioned: queue.enqueueVersioned,
    hasUnsaved: queue.hasUnsaved,
  };
}
