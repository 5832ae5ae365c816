import { describe, expect, it } from 'vitest';
import {
  FORM_SUMMARIES_KEY,
  formSummaryPageKey,
  isFormSummariesKey,
} from './use-form-summaries.ts';

describe('form summary keys', () => {
  it('a page is keyed by its query, starting at page 1', () => {
    expect(formSummaryPageKey({ q: 'sömn' })).toBe(`${FORM_SUMMARIES_KEY}?page=1&q=s%C3%B6mn`);
    expect(formSummaryPageKey({ page: 3, size: 20 })).toBe(`${FORM_SUMMARIES_KEY}?page=3&size=20`);
  });

  it('a change revalidates the list and every page, nothing else', () => {
    expect(isFormSummariesKey(FORM_SUMMARIES_KEY)).toBe(true);
    expect(isFormSummariesKey(formSummaryPageKey({ page: 2 }))).toBe(true);
    expect(isFormSummariesKey('/api/v1/admin/forms/1')).toBe(false);
    expect(isFormSummariesKey(['tuple', 'key'])).toBe(false);
  });
});
