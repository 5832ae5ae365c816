import type { HttpHandler } from 'msw';
import { mockState } from '../state.ts';
import { answer, HttpResponse, idParam, on, scenariosFor, viewer } from './utils.ts';

const emptyJournal = () => ({ dailyNotes: [], entries: [] });

export const journalHandlers: HttpHandler[] = [
  on('dailyNotes', () => {
    const me = viewer();
    // A demo convenience: someone without a journal of their own sees Anna Lindqvist's.
    return HttpResponse.json(mockState.clientJournals[me.id]?.dailyNotes ?? mockState.dailyNotes);
  }),
  on('clientJournal', ({ params }) =>
    HttpResponse.json(mockState.clientJournals[idParam(params)] ?? emptyJournal()),
  ),
  on('latestSignedNote', ({ params }) => {
    const notes = mockState.clientJournals[idParam(params)]?.dailyNotes ?? [];
    const latest = notes
      .filter((n) => n.signed && n.signedAt)
      .sort((a, b) => Date.parse(b.signedAt ?? '') - Date.parse(a.signedAt ?? ''))[0];
    return HttpResponse.json({ noteContent: latest?.content ?? null });
  }),
];

export const journalScenarios = {
  ...scenariosFor(['dailyNotes', 'clientJournal', 'latestSignedNote']),
  /** No notes, no entries, no signed note. */
  empty: [
    answer('dailyNotes', () => HttpResponse.json([])),
    answer('clientJournal', () => HttpResponse.json(emptyJournal())),
    answer('latestSignedNote', () => HttpResponse.json({ noteContent: null })),
  ],
};
