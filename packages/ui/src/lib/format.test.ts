import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent } from './format';

// Intl puts a no-break space between number and unit in sv-SE.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatBytes', () => {
  it('uses binary multiples and Swedish decimals', () => {
    expect(plain(formatBytes(10 * 1024 * 1024))).toBe('10 MB');
    expect(plain(formatBytes(512.5 * 1024))).toBe('512,5 kB');
    expect(plain(formatBytes(300))).toBe('300 B');
    expect(plain(formatBytes(1.5 * 1024 ** 3))).toBe('1,5 GB');
  });
});

describe('formatPercent', () => {
  it('formats whole percentages', () => {
    expect(plain(formatPercent(45))).toBe('45 %');
    expect(plain(formatPercent(100))).toBe('100 %');
  });
});
