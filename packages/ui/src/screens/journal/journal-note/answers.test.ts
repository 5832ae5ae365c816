import { describe, expect, it } from 'vitest';
import type { Form } from '@halsa/api';
import { everyQuestionTypeForm } from '@halsa/api/mocks/fixtures/journal';
import {
  isAnswered,
  missingRequired,
  numberText,
  orderedSections,
  parseNumberAnswer,
  toRequestAnswers,
} from './answers';

describe('parseNumberAnswer', () => {
  it('reads a decimal comma or point, spaces and a minus sign', () => {
    expect(parseNumberAnswer('72,5')).toBe(72.5);
    expect(parseNumberAnswer('72.5')).toBe(72.5);
    expect(parseNumberAnswer('1 234,5')).toBe(1234.5);
    expect(parseNumberAnswer('−3')).toBe(-3);
    expect(parseNumberAnswer(' 80 ')).toBe(80);
  });
  it('answers null for an empty field and undefined for what is no number', () => {
    expect(parseNumberAnswer('')).toBeNull();
    expect(parseNumberAnswer('   ')).toBeNull();
    expect(parseNumberAnswer('72,5 kg')).toBeUndefined();
    expect(parseNumberAnswer('7,')).toBeUndefined();
    expect(parseNumberAnswer('1e3')).toBeUndefined();
    expect(parseNumberAnswer('abc')).toBeUndefined();
  });
  it('writes a number back with a decimal comma', () => {
    expect(numberText(72.5)).toBe('72,5');
    expect(numberText(null)).toBe('');
  });
});

describe('answers of a form', () => {
  const form = structuredClone(everyQuestionTypeForm) as Form;
  // Out of order on purpose: the form's sortOrder decides.
  form.sections.reverse();

  it('orders sections and questions by sortOrder', () => {
    expect(orderedSections(form).map((s) => s.id)).toEqual([401, 402]);
  });

  it('counts empty text and no choices as unanswered', () => {
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered(0)).toBe(true);
  });

  it('lists the required questions without an answer', () => {
    expect(missingRequired(form, new Map()).map((q) => q.id)).toEqual([4011]);
    expect(missingRequired(form, new Map([[4011, ' ']])).map((q) => q.id)).toEqual([4011]);
    expect(missingRequired(form, new Map([[4011, 'Lugn']]))).toEqual([]);
  });

  it('sends only the answered questions, in the form order', () => {
    const answers = new Map<number, string | number | boolean | string[] | null>([
      [4023, 72.5],
      [4011, 'Lugn'],
      [4012, ''],
      [4021, []],
      [4013, false],
    ]);
    expect(toRequestAnswers(form, answers)).toEqual([
      { questionId: 4011, value: 'Lugn' },
      { questionId: 4013, value: false },
      { questionId: 4023, value: 72.5 },
    ]);
  });
});
