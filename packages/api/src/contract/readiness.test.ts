// The contract the client, journal and forms features build on: paging, versions, question
// types with options, and journal-note answers checked against their question.
import { describe, expect, it } from 'vitest';
import { clientListQuerySchema, clientListResponseSchema } from './clients.ts';
import { isPageRequest, pageQuerySchema } from './common.ts';
import { QUESTION_TYPES, questionTypeLabels, updateFormRequestSchema } from './forms.ts';
import { answerFits, journalNoteSchema } from './journal.ts';

describe('paging (design §4.13)', () => {
  it('coerces the query string and refuses out-of-range values in Swedish', () => {
    expect(pageQuerySchema.parse({ page: '2', size: '50', q: '  anna ' })).toEqual({
      page: 2,
      size: 50,
      q: 'anna',
    });
    const tooBig = pageQuerySchema.safeParse({ size: '201' });
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toBe('Högst 200 rader per sida.');
    expect(pageQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      'Sidan måste vara 1 eller högre.',
    );
    expect(clientListQuerySchema.safeParse({ sort: 'email' }).success).toBe(false);
  });

  it('a bare call is a whole list; page or size asks for a page', () => {
    expect(isPageRequest({})).toBe(false);
    expect(isPageRequest({ page: 1 })).toBe(true);
    expect(isPageRequest({ size: 10 })).toBe(true);
    expect(clientListResponseSchema.safeParse([]).success).toBe(true);
    expect(
      clientListResponseSchema.safeParse({ items: [], total: 0, page: 1, size: 50 }).success,
    ).toBe(true);
  });
});

describe('forms', () => {
  const form = (type: string, options: object) => ({
    title: 'T',
    version: 3,
    sections: [
      {
        title: 'S',
        instruction: '',
        sortOrder: 1,
        questions: [{ text: 'Q', type, required: true, options, sortOrder: 1 }],
      },
    ],
  });

  it('every question type has a Swedish label', () => {
    for (const t of QUESTION_TYPES) expect(questionTypeLabels[t]).toMatch(/^[A-ZÅÄÖ]/);
  });

  it('a PUT carries its version; a choice question needs two choices', () => {
    expect(updateFormRequestSchema.safeParse(form('SHORT_TEXT', {})).success).toBe(true);
    const { version: _v, ...noVersion } = form('SHORT_TEXT', {});
    expect(updateFormRequestSchema.safeParse(noVersion).success).toBe(false);
    const one = updateFormRequestSchema.safeParse(form('SINGLE_CHOICE', { choices: ['Ja'] }));
    expect(one.error?.issues[0]?.message).toBe('En valfråga behöver minst två svarsalternativ.');
    expect(
      updateFormRequestSchema.safeParse(form('MULTIPLE_CHOICE', { choices: ['A', 'B'] })).success,
    ).toBe(true);
  });
});

describe('journal notes', () => {
  it('an answer must fit its question', () => {
    const choice = { type: 'SINGLE_CHOICE' as const, options: { choices: ['Bra', 'Dåligt'] } };
    expect(answerFits(choice, 'Bra')).toBe(true);
    expect(answerFits(choice, 'Okej')).toBe(false);
    expect(answerFits({ type: 'SCALE', options: {} }, 7)).toBe(true);
    expect(answerFits({ type: 'SCALE', options: {} }, 11)).toBe(false);
    expect(answerFits({ type: 'YES_NO', options: {} }, 'ja')).toBe(false);
    expect(answerFits({ type: 'DATE', options: {} }, '2026-11-24')).toBe(true);
    expect(answerFits({ type: 'DATE', options: {} }, '24/11')).toBe(false);
    expect(answerFits({ type: 'NUMBER', options: { unit: 'kg' } }, 72.5)).toBe(true);
    expect(answerFits({ type: 'LONG_TEXT', options: {} }, null)).toBe(true);
  });

  it('a signed note has signer, time and a sha-256 content hash', () => {
    const note = {
      id: 1,
      clientId: 3,
      formId: 1,
      formTitle: 'Hälsosamtal',
      version: 2,
      status: 'SIGNED',
      answers: [{ questionId: 111, value: 'Bra' }],
      createdAt: '2026-11-24T08:00:00.000Z',
      updatedAt: '2026-11-24T08:10:00.000Z',
      signedBy: { id: 1, name: 'Astrid Lindqvist' },
      signedAt: '2026-11-24T08:10:00.000Z',
      contentHash: 'a'.repeat(64),
      correctsNoteId: null,
    };
    expect(journalNoteSchema.safeParse(note).success).toBe(true);
    expect(journalNoteSchema.safeParse({ ...note, contentHash: 'x' }).success).toBe(false);
  });
});
