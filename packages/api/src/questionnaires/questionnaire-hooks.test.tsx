// The questionnaire hooks in Chromium against the default MSW handlers (design §4.19): her list
// and one questionnaire, autosave with the version (a stale one rejects with the Swedish 409),
// 'Skicka in' refusing missing required answers and then freezing, and staff's sending.
import { getResponse, type HttpHandler } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { QUESTIONNAIRE_MESSAGES } from '../contract/questionnaires.ts';
import { defaultHandlers, mockState, resetMockState, sessionUsers } from '../mocks/index.ts';
import { useSaveQuestionnaireAnswers, useSubmitQuestionnaire } from './use-answer-questionnaire.ts';
import { useMyQuestionnaire, useMyQuestionnaires } from './use-my-questionnaires.ts';
import { useClientQuestionnaires, useSendQuestionnaire } from './use-send-questionnaire.ts';

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
  resetMockState({ sessionUser: { ...sessionUsers.user } });
  fetchSpy.mockClear();
  globalThis.fetch = fetchSpy as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

// Karin (3) has 'Hälsodeklaration inför hälsokontroll' (601) open in the fixtures.
const OPEN = 601;

describe('questionnaire hooks', () => {
  it('her list and her questionnaire; another client’s is 404', async () => {
    const { result } = await renderHook(
      () => ({
        list: useMyQuestionnaires(),
        one: useMyQuestionnaire(OPEN),
        other: useMyQuestionnaire(602),
      }),
      { wrapper },
    );
    await expect.poll(() => result.current.list.questionnaires?.map((q) => q.id)).toEqual([OPEN]);
    await expect.poll(() => result.current.one.questionnaire?.sections.length).toBe(2);
    await expect.poll(() => result.current.other.error?.message).toBe('Enkäten hittades inte.');
  });

  it('saves with the version, refuses a stale one, then submits and freezes', async () => {
    const { result, act } = await renderHook(
      () => ({
        one: useMyQuestionnaire(OPEN),
        save: useSaveQuestionnaireAnswers(),
        submit: useSubmitQuestionnaire(),
      }),
      { wrapper },
    );
    await expect.poll(() => result.current.one.questionnaire?.version).toBe(1);
    await act(async () => {
      await result.current.save.trigger({
        id: OPEN,
        version: 1,
        answers: [{ questionId: 5012, value: false }],
      });
    });
    await expect.poll(() => result.current.one.questionnaire?.version).toBe(2);
    await expect(
      result.current.save.trigger({ id: OPEN, version: 1, answers: [] }),
    ).rejects.toThrow(QUESTIONNAIRE_MESSAGES.versionConflict);
    await expect(result.current.submit.trigger({ id: OPEN })).rejects.toThrow(
      QUESTIONNAIRE_MESSAGES.requiredMissing,
    );
    await act(async () => {
      await result.current.save.trigger({
        id: OPEN,
        version: 2,
        answers: [
          { questionId: 5011, value: 'Sällan' },
          { questionId: 5012, value: false },
        ],
      });
      await result.current.submit.trigger({ id: OPEN });
    });
    await expect.poll(() => result.current.one.questionnaire?.status).toBe('SUBMITTED');
    expect(mockState.questionnaires.find((q) => q.id === OPEN)?.status).toBe('SUBMITTED');
  });

  it('staff send once; a second open one is refused in Swedish', async () => {
    mockState.sessionUser = { ...sessionUsers.staff };
    const { result, act } = await renderHook(
      () => ({ list: useClientQuestionnaires(5), send: useSendQuestionnaire() }),
      { wrapper },
    );
    await expect.poll(() => result.current.list.questionnaires).toEqual([]);
    await act(async () => {
      await result.current.send.trigger({ clientId: 5, formId: 50, dueDate: null });
    });
    await expect.poll(() => result.current.list.questionnaires?.length).toBe(1);
    await expect(result.current.send.trigger({ clientId: 5, formId: 50 })).rejects.toThrow(
      QUESTIONNAIRE_MESSAGES.alreadyOpen,
    );
  });
});
