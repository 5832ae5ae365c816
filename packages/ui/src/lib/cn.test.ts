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
    expect(cn('flex', 'hidden')).toBe('hidden');
    expect(cn('hover:bg-surface', 'hover:bg-primary')).toBe('hover:bg-primary');
    expect(cn('border', 'border-2')).toBe('border-2');
    expect(cn('border-t', 'border')).toBe('border');
    expect(cn('rounded-br-sm', 'rounded-card')).toBe('rounded-card');
    expect(cn('px-control py-2', 'p-gutter')).toBe('p-gutter');
    expect(cn('shrink-0 basis-56', 'flex-1')).toBe('flex-1');
    expect(cn('gap-3', 'gap-x-2')).toBe('gap-3 gap-x-2');
  });

  it('classes of different kinds are kept', () => {
    expect(cn('text-danger', 'text-sm')).toBe('text-danger text-sm');
    expect(cn('text-sm text-fg', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('p-control', false, null, undefined, 0, 'mt-2')).toBe('p-control mt-2');
    expect(cn('border-border', 'border-2 border-dashed')).toBe(
      'border-border border-2 border-dashed',
    );
    expect(cn('shadow-card', 'shadow-primary/20')).toBe('shadow-card shadow-primary/20');
    expect(cn('font-semibold text-lg', 'font-mono')).toBe('font-semibold text-lg font-mono');
    expect(cn('sr-only', 'animate-spin')).toBe('sr-only animate-spin');
  });
});
