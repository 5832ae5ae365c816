import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('a later class of the same kind wins, also for our own tokens', () => {
    expect(cn('rounded-control', 'rounded-card')).toBe('rounded-card');
    expect(cn('p-control', 'p-gutter')).toBe('p-gutter');
    expect(cn('px-control', 'px-4')).toBe('px-4');
    expect(cn('min-h-target', 'min-h-0')).toBe('min-h-0');
    expect(cn('bg-surface', 'bg-primary')).toBe('bg-primary');
    expect(cn('shadow-card', 'shadow-overlay')).toBe('shadow-overlay');
  });

  it('classes of different kinds are kept', () => {
    expect(cn('text-danger', 'text-sm')).toBe('text-danger text-sm');
    expect(cn('text-sm text-fg', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('p-control', false, null, undefined, 0, 'mt-2')).toBe('p-control mt-2');
  });
});
