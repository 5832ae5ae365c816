// A note's answers in Swedish words (design.md §4.10): what the client reads on /journal, what
// the overview's latest signed note says and what its sha-256 covers.
import { describe, expect, it } from 'vitest';
import type { QuestionOptions, QuestionType } from './forms.ts';
import {
  answerFits,
  noteContentText,
  readableAnswer,
  readableSections,
  swedishDate,
} from './journal.ts';

const q = (type: QuestionType, options: QuestionOptions = {}) => ({ type, options });

describe('readableAnswer', () => {
  it.each([
    [q('YES_NO'), true, 'Ja'],
    [q('YES_NO'), false, 'Nej'],
    [q('SCALE'), 7, '7 av 10'],
    [q('NUMBER', { unit: 'kg' }), 72.5, '72,5 kg'],
    [q('NUMBER'), -3.25, '-3,25'],
    [q('DATE'), '2026-03-12', '12 mars 2026'],
    [q('DATE'), '2026-12-01', '1 december 2026'],
    [
      q('MULTIPLE_CHOICE', { choices: ['Frukost', 'Lunch'] }),
      ['Frukost', 'Lunch'],
      'Frukost, Lunch',
    ],
    [q('SINGLE_CHOICE', { choices: ['Sällan', 'Ofta'] }), 'Ofta', 'Ofta'],
    [q('SHORT_TEXT'), 'Bättre', 'Bättre'],
    [q('LONG_TEXT'), '   ', 'Ej besvarad'],
    [q('MULTIPLE_CHOICE', { choices: ['A', 'B'] }), [], 'Ej besvarad'],
    [q('SCALE'), null, 'Ej besvarad'],
    [q('DATE'), undefined, 'Ej besvarad'],
  ] as const)('%o %o → %s', (question, value, words) => {
    expect(readableAnswer(question, value as never)).toBe(words);
  });

  it('every answer that fits its question has words', () => {
    expect(answerFits(q('SCALE'), 11)).toBe(false);
    expect(answerFits(q('SCALE'), 10)).toBe(true);
    expect(answerFits(q('DATE'), '12/3 2026')).toBe(false);
  });
});

describe('swedishDate', () => {
  it('writes the calendar date as written, in Swedish month names', () => {
    expect(swedishDate('2026-01-05')).toBe('5 januari 2026');
    expect(swedishDate('2026-05-31')).toBe('31 maj 2026');
    expect(swedishDate('inte ett datum')).toBe('inte ett datum');
  });
});

describe('readableSections and noteContentText', () => {
  const form = {
    sections: [
      {
        title: 'Mätvärden',
        sortOrder: 2,
        questions: [
          { id: 3, text: 'Vikt', type: 'NUMBER' as const, options: { unit: 'kg' }, sortOrder: 1 },
        ],
      },
      {
        title: 'Mående',
        sortOrder: 1,
        questions: [
          { id: 2, text: 'Energi', type: 'SCALE' as const, options: {}, sortOrder: 2 },
          { id: 1, text: 'Sover du bra?', type: 'YES_NO' as const, options: {}, sortOrder: 1 },
        ],
      },
    ],
  };
  const sections = readableSections(form, [
    { questionId: 1, value: false },
    { questionId: 3, value: 80 },
  ]);

  it('follows the form order and says which questions were not answered', () => {
    expect(sections).toEqual([
      {
        title: 'Mående',
        items: [
          { question: 'Sover du bra?', answer: 'Nej' },
          { question: 'Energi', answer: 'Ej besvarad' },
        ],
      },
      { title: 'Mätvärden', items: [{ question: 'Vikt', answer: '80 kg' }] },
    ]);
  });

  it('is plain text: title, signer and date, then each section with its answers', () => {
    expect(
      noteContentText({
        title: 'Hälsosamtal',
        signedByName: 'Anna Admin',
        signedOn: '2026-11-24',
        sections,
      }),
    ).toBe(
      [
        'Hälsosamtal',
        'Signerad av Anna Admin 24 november 2026',
        '',
        'Mående',
        'Sover du bra?: Nej',
        'Energi: Ej besvarad',
        '',
        'Mätvärden',
        'Vikt: 80 kg',
      ].join('\n'),
    );
  });
});
