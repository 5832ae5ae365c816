// The journal hooks in Chromium against the default MSW handlers: the unsigned note is read and
// autosaved with its version (a stale one rejects with the Swedish 409), sign-and-send returns
// the signed note and refreshes the note, the client's journal and the latest signed note, and
// the journal settings save with their version.
import { getResponse, type HttpHandler } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { NOTE_VERSION_CONFLICT } from '../contract/journal.ts';
import { useSignJournalNote } from './use-sign-journal-note.ts';
import { defaultHandlers, mockState, resetMockState } from '../mocks/index.ts';
import { useClientJournal } from './use-client-journal.ts';
import { useJournalNote } from './use-journal-note.ts';
import { useJournalSettings } from './use-journal-settings.ts';
import { useLatestSignedNote } from './use-latest-signed-note.ts';
import { useSaveJournalNote } from './use-save-journal-note.ts';
import { useUpdateJournalSettings } from './use-update-journal-settings.ts';

const handlers: HttpHandler[] = defaultHandlers;
const realFetch = globalThis.fetch;
const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(new URL(String(input), location.origin), init);
  return (await getResponse(handlers, request)) ?? new Response(null, { status: 404 });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

beforeEach(() => {
  resetMockState();
  fetchSpy.mockClear();
  globalThis.fetch = fetchSpy as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

// Anna Lindqvist (3) has an unsigned note of 'Stress och arbetsmiljö' (form 2) in the fixtures.
const CLIENT = 3;
const FORM = 2;
const SCALE_QUESTION = 211;
const YES_NO_QUESTION = 212;

describe('journal note hooks', () => {
  it('reads the unsigned note, saves with its version, and a stale version rejects in Swedish', async () => {
    const { result, act } = await renderHook(
      () => ({ note: useJournalNote(CLIENT, FORM), save: useSaveJournalNote() }),
      { wrapper },
    );
    await expect.poll(() => result.current.note.note?.version).toBe(1);
    let saved: Awaited<ReturnType<typeof result.current.save.trigger>> | undefined;
    await act(async () => {
      saved = await result.current.save.trigger({
        userId: CLIENT,
        formId: FORM,
        version: 1,
        answers: [{ questionId: SCALE_QUESTION, value: 6 }],
      });
    });
    expect(saved?.version).toBe(2);
    await expect.poll(() => result.current.note.note?.version).toBe(2);
    expect(result.current.note.note?.answers).toEqual([{ questionId: SCALE_QUESTION, value: 6 }]);

    await act(async () => {
      await expect(
        result.current.save.trigger({ userId: CLIENT, formId: FORM, version: 1, answers: [] }),
      ).rejects.toMatchObject({ status: 409, message: NOTE_VERSION_CONFLICT });
    });
    expect(mockState.journalNotes.find((n) => n.formId === FORM)?.version).toBe(2);
  });

  it('sign and send returns the signed note and refreshes the note, the journal and the overview', async () => {
    const { result, act } = await renderHook(
      () => ({
        note: useJournalNote(CLIENT, FORM),
        journal: useClientJournal(CLIENT),
        latest: useLatestSignedNote(CLIENT),
        sign: useSignJournalNote(),
      }),
      { wrapper },
    );
    await expect.poll(() => result.current.note.note?.status).toBe('UNSIGNED');
    await expect.poll(() => result.current.journal.journal?.entries.length).toBe(1);
    mockState.journalNotes[0]!.answers = [{ questionId: YES_NO_QUESTION, value: true }];
    let signed: Awaited<ReturnType<typeof result.current.sign.trigger>> | undefined;
    await act(async () => {
      signed = await result.current.sign.trigger({ userId: CLIENT, formId: FORM });
    });
    expect(signed).toMatchObject({ status: 'SIGNED', formId: FORM, clientId: CLIENT });
    await expect.poll(() => result.current.note.note).toBeNull();
    await expect.poll(() => result.current.journal.journal?.entries.length).toBe(2);
    await expect
      .poll(() => result.current.latest.noteContent)
      .toContain('Har du möjlighet till återhämtning under arbetsdagen?: Ja');
  });
});

describe('journal settings hooks', () => {
  it('saves with the version and keeps the saved settings', async () => {
    const { result, act } = await renderHook(
      () => ({ settings: useJournalSettings(), update: useUpdateJournalSettings() }),
      { wrapper },
    );
    await expect.poll(() => result.current.settings.settings?.version).toBe(1);
    await act(async () => {
      await result.current.update.trigger({
        clinicName: 'Kliniken Hälsa',
        signatureLine: '',
        defaultFormId: 2,
        version: 1,
      });
    });
    await expect.poll(() => result.current.settings.settings?.clinicName).toBe('Kliniken Hälsa');
    expect(result.current.settings.settings?.version).toBe(2);
  });
});
