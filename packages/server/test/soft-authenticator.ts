// A software passkey for server tests (issue 32): an ES256 key pair from node:crypto that answers
// WebAuthn registration and authentication options the way a browser and an authenticator do —
// clientDataJSON, a CBOR attestation object of format 'none' with attested credential data
// (COSE key), and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON). The
// signatures are real, so @simplewebauthn/server checks them as it would a browser's. Options
// let a test answer from another origin, without user verification, or with any sign counter
// (a clone of the key keeps its own counter).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// ---- a minimal CBOR encoder (RFC 8949): what attestation objects and COSE keys need ----------

type Cbor = number | string | Uint8Array | CborMap | CborRecord;
type CborMap = Map<Cbor, Cbor>;
interface CborRecord {
  [key: string]: Cbor;
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries: [Cbor, Cbor][] =
    value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

// ---- the authenticator ---------------------------------------------------------------------------

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  /** The origin the browser reports (default: the authenticator's). */
  origin?: string;
  /** Whether the user was verified (PIN, biometrics); default true. */
  userVerified?: boolean;
  /** The sign counter to report; default: one more than the last. */
  counter?: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync(
      'ec',
      { namedCurve: 'P-256' },
    ),
    credentialId: Buffer = randomBytes(32),
  ) {
    this.credentialId = credentialId;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The same key and credential with its own counter: what a copied key looks like. */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.rpId, this.origin, this.key, this.credentialId);
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  private coseKey(): Buffer {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // kty: EC2 (2), alg: ES256 (-7), crv: P-256 (1), x, y
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter, 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  /** Answers `navigator.credentials.create()` options (RegistrationResponseJSON). */
  register(options: CreationOptions, answer: AnswerOptions = {}) {
    const rpId = options.rp.id ?? this.rpId;
    const uv = answer.userVerified ?? true;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length, 0);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(
      rpId,
      FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_AT,
      answer.counter ?? this.counter,
      attested,
    );
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      answer.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /** Answers `navigator.credentials.get()` options (AuthenticationResponseJSON), signed. */
  assert(options: RequestOptions, answer: AnswerOptions = {}) {
    const rpId = options.rpId ?? this.rpId;
    const uv = answer.userVerified ?? true;
    this.counter = answer.counter ?? this.counter + 1;
    const authData = this.authData(rpId, FLAG_UP | (uv ? FLAG_UV : 0), this.counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      answer.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.key.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}
