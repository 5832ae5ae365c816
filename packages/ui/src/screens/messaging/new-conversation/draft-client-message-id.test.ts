import { describe, expect, it } from 'vitest';
import { keyDraft } from './draft-client-message-id';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('keyDraft: one clientMessageId per draft', () => {
  const file = new File(['%PDF-1.4'], 'Remiss.pdf', { type: 'application/pdf' });

  it('a retry of the same draft keeps the key', () => {
    const make = counter();
    const first = keyDraft(null, { receiverId: 6, text: 'Hej', file }, make);
    const retry = keyDraft(first, { receiverId: 6, text: 'Hej', file }, make);
    expect(first.clientMessageId).toBe('key-1');
    expect(retry.clientMessageId).toBe('key-1');
  });

  it.each([
    ['another receiver', { receiverId: 7, text: 'Hej', file }],
    ['another text', { receiverId: 6, text: 'Hej Karin', file }],
    ['another file', { receiverId: 6, text: 'Hej', file: new File(['x'], 'Remiss.pdf') }],
    ['no file', { receiverId: 6, text: 'Hej', file: null }],
  ])('%s gives a new key', (_name, draft) => {
    const make = counter();
    const first = keyDraft(null, { receiverId: 6, text: 'Hej', file }, make);
    expect(keyDraft(first, draft, make).clientMessageId).toBe('key-2');
  });

  it('makes a UUID by default', () => {
    expect(keyDraft(null, { receiverId: 6, text: 'Hej', file: null }).clientMessageId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
