// The document being edited, held outside React state so a keystroke re-renders only the card
// it changed: each section card subscribes to its own section, the header to the title, the
// list to the order of sections (useSyncExternalStore). Autosave reads the latest document
// from here at the moment it sends.
import { useState, useSyncExternalStore } from 'react';
import {
  editorReducer,
  type EditorAction,
  type EditorForm,
  type EditorSection,
} from './editor-model';

export interface EditorStore {
  get: () => EditorForm;
  dispatch: (action: EditorAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createEditorStore(initial: EditorForm): EditorStore {
  let doc = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => doc,
    dispatch: (action) => {
      const next = editorReducer(doc, action);
      if (next === doc) return;
      doc = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One store for the component's life. */
export function useCreateEditorStore(initial: () => EditorForm): EditorStore {
  const [store] = useState(() => createEditorStore(initial()));
  return store;
}

export const useEditorTitle = (store: EditorStore): string =>
  useSyncExternalStore(store.subscribe, () => store.get().title);

/** The section keys in order, as one string (equal while the order is). */
export const useSectionOrder = (store: EditorStore): string =>
  useSyncExternalStore(store.subscribe, () =>
    store
      .get()
      .sections.map((s) => s.key)
      .join(' '),
  );

/** One section; the same object until that section changes. */
export const useSection = (store: EditorStore, key: string): EditorSection | undefined =>
  useSyncExternalStore(store.subscribe, () => store.get().sections.find((s) => s.key === key));
