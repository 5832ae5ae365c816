// A stand-in for the browser's passkey prompt in stories and component tests (design §4.17):
// `navigator.credentials.create/get` answer at once with a made-up key, or refuse as a
// cancelled prompt does (NotAllowedError). The end-to-end test uses Chromium's real virtual
// authenticator instead. Returns the function that puts the browser's own back.
const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

function madeUpKey(kind: 'create' | 'get') {
  return {
    id: 'bWluLW55Y2tlbA',
    rawId: bytes('min-nyckel'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response:
      kind === 'create'
        ? {
            clientDataJSON: bytes('{"type":"webauthn.create"}'),
            attestationObject: bytes('attestation'),
            getTransports: () => ['internal'],
          }
        : {
            clientDataJSON: bytes('{"type":"webauthn.get"}'),
            authenticatorData: bytes('authenticator-data'),
            signature: bytes('signature'),
            userHandle: bytes('user'),
          },
  };
}

export type FakeWebAuthnMode = 'accept' | 'refuse';

export function fakeWebAuthn(mode: FakeWebAuthnMode): () => void {
  const { credentials } = navigator;
  const own = { create: credentials.create, get: credentials.get };
  const answer = (kind: 'create' | 'get') => async () => {
    if (mode === 'refuse') {
      throw new DOMException(
        'The operation either timed out or was not allowed.',
        'NotAllowedError',
      );
    }
    return madeUpKey(kind);
  };
  Object.defineProperty(credentials, 'create', { value: answer('create'), configurable: true });
  Object.defineProperty(credentials, 'get', { value: answer('get'), configurable: true });
  return () => {
    Object.defineProperty(credentials, 'create', { value: own.create, configurable: true });
    Object.defineProperty(credentials, 'get', { value: own.get, configurable: true });
  };
}
