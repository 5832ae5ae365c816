import { describe, expect, it } from 'vitest';
import { ApiError } from '@halsa/api';
import { errorText, messageOr, serverMessage } from './server-message';

describe('serverMessage', () => {
  it("takes the body's message field", () => {
    const error = new ApiError(400, 'Felaktig eller utgången kod.', {
      message: 'Felaktig eller utgången kod.',
    });
    expect(serverMessage(error)).toBe('Felaktig eller utgången kod.');
  });

  it('takes a string body', () => {
    expect(serverMessage(new ApiError(400, 'x', ' Länken har gått ut. '))).toBe(
      'Länken har gått ut.',
    );
  });

  it('has none when the body carried none (the call used its fallback)', () => {
    expect(serverMessage(new ApiError(500, 'Tvåfaktorauthenticering misslyckades', null))).toBe(
      undefined,
    );
    expect(serverMessage(new ApiError(500, 'x', { message: '  ' }))).toBe(undefined);
    expect(serverMessage(new Error('nätverk'))).toBe(undefined);
  });

  it("falls back to the screen's own text", () => {
    expect(
      messageOr(
        new ApiError(500, 'Tvåfaktorauthenticering misslyckades'),
        'Verifiering misslyckades. Försök igen.',
      ),
    ).toBe('Verifiering misslyckades. Försök igen.');
    expect(
      messageOr(new ApiError(429, 'x', { message: 'Vänta.' }), 'Kunde inte skicka kod igen'),
    ).toBe('Vänta.');
  });

  it("errorText uses the ApiError's message, else the fallback", () => {
    expect(errorText(new ApiError(500, 'Inloggning misslyckades'), 'x')).toBe(
      'Inloggning misslyckades',
    );
    expect(errorText(new Error('boom'), 'Något gick fel')).toBe('Något gick fel');
  });
});
