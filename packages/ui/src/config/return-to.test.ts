import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, takeReturnTo } from './return-to';

class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (k: string) => this.#items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.#items.set(k, v);
  removeItem = (k: string) => void this.#items.delete(k);
}

Object.defineProperty(globalThis, 'window', {
  value: { sessionStorage: new MemoryStorage() },
  configurable: true,
});

describe('return to the page asked for while signed out', () => {
  afterEach(() => void takeReturnTo());

  it('keeps a path of this site once', () => {
    rememberReturnTo('/lab-results?fil=1');
    expect(takeReturnTo()).toBe('/lab-results?fil=1');
    expect(takeReturnTo()).toBeNull();
  });

  it('forgets a page after half an hour', () => {
    rememberReturnTo('/lab-results');
    const kept = JSON.parse(window.sessionStorage.getItem('halsa.returnTo')!);
    window.sessionStorage.setItem(
      'halsa.returnTo',
      JSON.stringify({ ...kept, at: kept.at - 31 * 60_000 }),
    );
    expect(takeReturnTo()).toBeNull();
  });

  it('never keeps another origin or the bare root', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/', 'lab'])
      rememberReturnTo(path);
    expect(takeReturnTo()).toBeNull();
  });
});
