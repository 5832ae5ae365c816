// The server's signature on a signed journal note (issue 22 item 9). The content hash alone has
// no key: whoever can write the table can recompute it. So the signing UPDATE also stores an
// Ed25519 signature over the note's canonical text (id, client, form, signer, time, content
// hash, letterhead, corrected note), under a key pair derived from SESSION_SECRET with HKDF —
// a secret the database does not hold. `pnpm notes:verify` checks every signed note against the
// public key, which it can print so an operator can keep it elsewhere and verify with it alone.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI wrapping of a raw 32-byte Ed25519 public key. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface NoteSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * The key pair from SESSION_SECRET: the same secret always gives the same pair. Without a
 * secret (benchmarks, never production: config.ts requires one) a pair for this process only.
 */
export function noteSigningKey(secret: string | undefined): NoteSigningKey {
  const seed = Buffer.from(
    hkdfSync(
      'sha256',
      secret ?? randomBytes(32),
      'halsa-journal-note',
      'ed25519 signing key v1',
      32,
    ),
  );
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** The public key as printed by `pnpm notes:verify --public-key`: 32 raw bytes, base64. */
export function publicKeyText(key: KeyObject): string {
  const der = key.export({ format: 'der', type: 'spki' });
  return der.subarray(ED25519_SPKI_PREFIX.length).toString('base64');
}

export function publicKeyFromText(text: string): KeyObject {
  const raw = Buffer.from(text.trim(), 'base64');
  if (raw.length !== 32) throw new Error('Den publika nyckeln ska vara 32 byte i base64');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
}

/** What the signature covers: every field a reader of the signed note relies on. */
export interface SignedNoteFields {
  id: number;
  user_id: number;
  form_id: number | null;
  signed_by: number | null;
  signed_at: Date;
  content_hash: string;
  clinic_name: string | null;
  signature_line: string | null;
  corrects_note_id: number | null;
}

/** One JSON array, fixed order, versioned: no two different notes give the same text. */
export function canonicalNoteText(n: SignedNoteFields): string {
  return JSON.stringify([
    'halsa-journal-note-v1',
    n.id,
    n.user_id,
    n.form_id,
    n.signed_by,
    n.signed_at.toISOString(),
    n.content_hash,
    n.clinic_name,
    n.signature_line,
    n.corrects_note_id,
  ]);
}

export function contentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** The base64 signature stored in journal_notes.server_signature. */
export function signNoteFields(key: NoteSigningKey, fields: SignedNoteFields): string {
  return sign(null, Buffer.from(canonicalNoteText(fields), 'utf8'), key.privateKey).toString(
    'base64',
  );
}

export type NoteProblem = 'HASH_MISMATCH' | 'BAD_SIGNATURE' | 'NO_SIGNATURE';

export interface NoteVerifyReport {
  checked: number;
  ok: number;
  /** Signed before migration 0016: the content hash is checked, there is no signature. */
  unsignedLegacy: Array<{ id: number; clientId: number }>;
  bad: Array<{ id: number; clientId: number; problems: NoteProblem[] }>;
}

/**
 * Every signed note: its content against its hash, its signature against the public key.
 * A note without a signature is one signed before signatures (the database refuses to sign a
 * note without one since migration 0016), unless its content hash fails too.
 */
export async function verifySignedNotes(
  db: Kysely<Database>,
  publicKey: KeyObject,
): Promise<NoteVerifyReport> {
  const report: NoteVerifyReport = { checked: 0, ok: 0, unsignedLegacy: [], bad: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('journal_notes')
      .select([
        'id',
        'user_id',
        'form_id',
        'signed_by',
        'signed_at',
        'content',
        'content_hash',
        'clinic_name',
        'signature_line',
        'corrects_note_id',
        'server_signature',
      ])
      .where('status', '=', 'SIGNED')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return report;
    for (const r of rows) {
      after = r.id;
      report.checked++;
      const problems: NoteProblem[] = [];
      // Notes signed before 0003 have no content hash; their signature (if any) still covers ''.
      if (r.content_hash !== null && contentHash(r.content) !== r.content_hash) {
        problems.push('HASH_MISMATCH');
      }
      if (r.server_signature === null) {
        if (problems.length === 0) {
          report.unsignedLegacy.push({ id: r.id, clientId: r.user_id });
          continue;
        }
        problems.push('NO_SIGNATURE');
      } else {
        const fields = { ...r, signed_at: r.signed_at!, content_hash: r.content_hash ?? '' };
        const good = verify(
          null,
          Buffer.from(canonicalNoteText(fields), 'utf8'),
          publicKey,
          Buffer.from(r.server_signature, 'base64'),
        );
        if (!good) problems.push('BAD_SIGNATURE');
      }
      if (problems.length === 0) report.ok++;
      else report.bad.push({ id: r.id, clientId: r.user_id, problems });
    }
  }
}

const PROBLEM_TEXT: Record<NoteProblem, string> = {
  HASH_MISMATCH: 'innehållet stämmer inte med content_hash',
  BAD_SIGNATURE: 'signaturen stämmer inte (anteckningen är ändrad eller signerad med annan nyckel)',
  NO_SIGNATURE: 'saknar signatur',
};

/** The lines `pnpm notes:verify` prints: each bad note, the legacy ones, and a summary. */
export function describeNoteReport(report: NoteVerifyReport): string[] {
  const lines = report.bad.map(
    (b) =>
      `FEL anteckning ${b.id} (klient ${b.clientId}): ${b.problems.map((p) => PROBLEM_TEXT[p]).join('; ')}`,
  );
  for (const u of report.unsignedLegacy) {
    lines.push(`osignerad anteckning ${u.id} (klient ${u.clientId}): signerad före signaturer`);
  }
  lines.push(
    `${report.bad.length === 0 ? 'OK' : 'FEL'}: ${report.checked} signerade anteckningar, ` +
      `${report.ok} med giltig signatur, ${report.unsignedLegacy.length} signerade före signaturer, ` +
      `${report.bad.length} med fel`,
  );
  return lines;
}

/**
 * Signs a draft already in the table, as the portal's signing does (the only road to a signed
 * note since 0016): for the demo seed and tests, which need signed notes without a form.
 */
export async function signDraftNote(
  db: Kysely<Database>,
  key: NoteSigningKey,
  id: number,
  signer: { signedBy: number; signedAt: Date; sentAt?: Date | null },
): Promise<void> {
  const row = await db
    .selectFrom('journal_notes')
    .select(['id', 'user_id', 'form_id', 'content', 'clinic_name', 'signature_line'])
    .select('corrects_note_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const fields = {
    ...row,
    signed_by: signer.signedBy,
    signed_at: signer.signedAt,
    content_hash: contentHash(row.content),
  };
  await db
    .updateTable('journal_notes')
    .set({
      status: 'SIGNED',
      signed_by: signer.signedBy,
      signed_at: signer.signedAt,
      sent_at: signer.sentAt ?? null,
      content_hash: fields.content_hash,
      server_signature: signNoteFields(key, fields),
    })
    .where('id', '=', id)
    .execute();
}
