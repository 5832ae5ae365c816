import { describe, expect, it } from 'vitest';
import { dailyTips, healthTipGroupLabels, healthTipGroups } from './tips';

const normalise = (text: string) =>
  text
    .toLocaleLowerCase('sv-SE')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

describe('daily tips', () => {
  it('has about 100 tips, 25 in each of the four groups', () => {
    expect(dailyTips).toHaveLength(100);
    expect(healthTipGroups).toEqual(['nutrition', 'movement', 'sleep', 'mind']);
    for (const group of healthTipGroups) {
      expect(dailyTips.filter((tip) => tip.group === group)).toHaveLength(25);
    }
  });

  it('labels the groups in Swedish', () => {
    expect(Object.values(healthTipGroupLabels)).toEqual([
      'Kost',
      'Rörelse',
      'Sömn och återhämtning',
      'Socialt och mentalt',
    ]);
  });

  it('has no duplicates', () => {
    const texts = dailyTips.map((tip) => normalise(tip.text));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('keeps every tip to one or two tidy sentences', () => {
    for (const { text } of dailyTips) {
      expect(text, text).toBe(text.trim());
      expect(text, text).toMatch(/^[A-ZÅÄÖ0-9].*\.$/u);
      expect(text, text).not.toMatch(/\s{2}/);
      const sentences = text.split(/(?<=[.!?])\s+(?=[A-ZÅÄÖ])/u);
      expect(sentences.length, text).toBeLessThanOrEqual(2);
      expect(text.length, text).toBeLessThanOrEqual(200);
    }
  });

  it('alternates the groups day by day', () => {
    expect(dailyTips.slice(0, 8).map((tip) => tip.group)).toEqual([
      'nutrition',
      'movement',
      'sleep',
      'mind',
      'nutrition',
      'movement',
      'sleep',
      'mind',
    ]);
  });
});
