// Lab results and action plans (spec §3 "Lab or action-plan history entry", §7 "Journal, labs,
// action plans"): files an ADMIN uploads for a client, listed as { fileName, timestamp } and
// downloaded by that fileName.
//
// - Types by content only (design §5): PDF, PNG and JPEG. Lab reports and action plans reach
//   the provider as PDFs or as photos/scans; CSV and XLSX are deliberately not accepted: CSV
//   cannot be recognised by content (any text passes) and opens as a live spreadsheet
//   (formula injection), XLSX is a ZIP container that cannot be told from other Office/ZIP
//   files without unpacking it and can carry macros or external links.
// - At most FILE_MAX_BYTES (10 MB) per action plan and LAB_FILE_MAX_BYTES (25 MB) per lab file,
//   streamed into storage by the upload reader (upload.ts) and streamed back on download; only a
//   structured lab file (CSV, FHIR JSON) is read whole, to take its values out.
// - Blobs are stored under random UUID keys; the client's name is cleaned (names.ts) and kept
//   only as data. It is made unique per client and kind ("Blodprov (2).pdf"), so a fileName
//   always names exactly one file and an older upload is never hidden by a newer one.
// - Every staff upload, list and download is written to the activity log with the IP: uploads
//   and downloads here, lists by the routes' audit declaration.
import type { Readable } from 'node:stream';
import type { FileEntry, LabReadSummary } from '@halsa/api/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { sniffDocument, type SniffedType } from './sniff.ts';
import type { FileStorage } from './storage.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import type { ActivityLog } from '../modules/activity/service.ts';
import type { NotificationService } from '../modules/notifications/service.ts';
import { NOTIFICATION_TYPES } from '../modules/notifications/service.ts';
import { cleanUploadName, uniqueName } from './names.ts';
import {
  insertFileRow,
  storeBuffer,
  UPLOAD_POLICIES,
  withUpload,
  type StoredUpload,
} from './upload.ts';
import { MAX_DB_ID } from '../db/ids.ts';
import { benchTimings } from '../live/bench-timings.ts';

export const FILE_MAX_BYTES = UPLOAD_POLICIES.clientFile.maxBytes;
export const LAB_FILE_MAX_BYTES = UPLOAD_POLICIES.labFile.maxBytes;
export const ALLOWED_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export type ClientFileKind = 'LAB_RESULT' | 'ACTION_PLAN';

export const FILE_MESSAGES = {
  tooLarge: UPLOAD_POLICIES.clientFile.messages.tooLarge,
  wrongType: 'Filtypen stöds inte. Ladda upp en PDF-, PNG- eller JPEG-fil.',
  clientNotFound: 'Klienten hittades inte.',
  fileNotFound: 'Filen hittades inte.',
} as const;

/** Per kind: the notification sent to the client, the fallback name and the log actions. */
export const FILE_KINDS = {
  LAB_RESULT: {
    notificationType: NOTIFICATION_TYPES.labResult,
    notificationMessage: 'Nya provsvar finns att läsa.',
    fallbackName: 'Provsvar',
    policy: UPLOAD_POLICIES.labFile,
    actions: {
      uploaded: 'LAB_RESULT_UPLOADED',
      listed: 'LAB_RESULTS_VIEWED',
      downloaded: 'LAB_RESULT_DOWNLOADED',
    },
  },
  ACTION_PLAN: {
    notificationType: NOTIFICATION_TYPES.actionPlan,
    notificationMessage: 'Din handlingsplan har uppdaterats.',
    fallbackName: 'Handlingsplan',
    policy: UPLOAD_POLICIES.clientFile,
    actions: {
      uploaded: 'ACTION_PLAN_UPLOADED',
      listed: 'ACTION_PLANS_VIEWED',
      downloaded: 'ACTION_PLAN_DOWNLOADED',
    },
  },
} as const satisfies Record<ClientFileKind, unknown>;

/**
 * Largest file a reader gets whole (read back from storage): every lab file a lab may send (25
 * MB, `UPLOAD_POLICIES.labFile`). The lab reader reads it in a worker thread with its own heap
 * limit (lab-results/read-isolated.ts; `pnpm --filter @halsa/server bench:fhir`). A larger file
 * would get its first bytes only (`complete: false`).
 */
export const READ_WHOLE_MAX_BYTES = UPLOAD_POLICIES.labFile.maxBytes;

/**
 * How a kind reads an upload beyond the default PDF/PNG/JPEG check (lab results: design §4.12).
 * `read` answers the type by content, or `null` to refuse with `wrongType`; `store` runs in the
 * upload's transaction after the file row is written. `data` is the whole file when `complete`,
 * else its first bytes (a file over READ_WHOLE_MAX_BYTES).
 */
export interface UploadReader {
  wrongType: string;
  /** What the reader needs to know of the client first (lab files: sex and birth date). */
  subject?(db: Kysely<Database>, subjectUserId: number): Promise<unknown>;
  read(
    data: Buffer,
    originalName: string | undefined,
    complete: boolean,
    subject?: unknown,
  ): Promise<{
    type: SniffedType;
    store?(trx: Transaction<Database>, fileId: string, subjectUserId: number): Promise<void>;
    /** Added to the upload's answer (lab files: what was read, design §4.15). */
    answer?: FileEntryDetails;
  } | null>;
  /** The same details for files in a history list, by file id. */
  describe?(db: Kysely<Database>, fileIds: string[]): Promise<Map<string, FileEntryDetails>>;
}

/** What a kind's reader adds to a file entry (the lab files' read summary). */
export interface FileEntryDetails {
  readSummary?: LabReadSummary;
}

/** Who asks, from where: staff actions are logged, a client's own reads are not. */
export interface Caller {
  userId: number;
  role: 'USER' | 'STAFF' | 'ADMIN';
  ip: string;
}

export interface DownloadedFile {
  fileName: string;
  mimeType: string;
  size: number;
  stream: Readable;
}

const MAX_FILE_NAME_LENGTH = 300;

export class ClientFileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
    private readonly activity: ActivityLog,
    private readonly notifications: Pick<NotificationService, 'notify' | 'flush'>,
  ) {}

  /** The client (role USER) with this id, or 404. */
  async requireClient(userId: number): Promise<void> {
    const found =
      userId <= MAX_DB_ID
        ? await this.db
            .selectFrom('users')
            .select('id')
            .where('id', '=', userId)
            .where('role', '=', 'USER')
            .executeTakeFirst()
        : undefined;
    if (!found) throw notFound(FILE_MESSAGES.clientNotFound);
  }

  /**
   * Keeps an uploaded file (already in storage, size-limited and hashed by the upload reader,
   * `upload.ts`) for a client, notifies the client and logs the upload. The file is `kept` once
   * its row is committed; otherwise the caller's `withUpload` removes it.
   */
  async upload(
    kind: ClientFileKind,
    subjectUserId: number,
    caller: Caller,
    file: StoredUpload,
    reader?: UploadReader,
  ): Promise<FileEntry & FileEntryDetails>;
  /** The same for a Buffer at hand (seed data): stored first, removed again when refused. */
  async upload(
    kind: ClientFileKind,
    subjectUserId: number,
    caller: Caller,
    data: Buffer,
    originalName: string | undefined,
    reader?: UploadReader,
  ): Promise<FileEntry & FileEntryDetails>;
  async upload(
    kind: ClientFileKind,
    subjectUserId: number,
    caller: Caller,
    upload: StoredUpload | Buffer,
    nameOrReader?: string | UploadReader,
    bufferReader?: UploadReader,
  ): Promise<FileEntry & FileEntryDetails> {
    if (!Buffer.isBuffer(upload)) {
      return this.#upload(kind, subjectUserId, caller, upload, nameOrReader as UploadReader);
    }
    const stored = await storeBuffer(this.storage, upload, (nameOrReader as string) ?? '');
    return withUpload(this.storage, stored, () =>
      this.#upload(kind, subjectUserId, caller, stored, bufferReader),
    );
  }

  async #upload(
    kind: ClientFileKind,
    subjectUserId: number,
    caller: Caller,
    file: StoredUpload,
    reader: UploadReader | undefined,
  ): Promise<FileEntry & FileEntryDetails> {
    const { policy } = FILE_KINDS[kind];
    if (file.size > policy.maxBytes) throw new HttpError(413, policy.messages.tooLarge);
    const originalName = file.filename;
    let t0 = benchTimings.now();
    const whole =
      reader && file.size <= READ_WHOLE_MAX_BYTES ? await this.storage.get(file.key) : null;
    const about = await reader?.subject?.(this.db, subjectUserId);
    benchTimings.since('upload.fetch (storage + subject)', t0);
    t0 = benchTimings.now();
    const read = await reader?.read(whole ?? file.head, originalName, whole !== null, about);
    benchTimings.since('upload.read', t0);
    const type = reader ? read?.type : sniffDocument(file.head);
    if (reader && !read) throw badRequest(reader.wrongType);
    if (!type || (!reader && !(ALLOWED_FILE_TYPES as readonly string[]).includes(type.mime))) {
      throw badRequest(FILE_MESSAGES.wrongType);
    }
    const spec = FILE_KINDS[kind];
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    const cleaned = cleanUploadName(originalName, type.mime, `${spec.fallbackName}_${day}`);
    const id = newId();
    t0 = benchTimings.now();
    const fileName = await this.db.transaction().execute(async (trx) => {
      // Locks the client row: concurrent uploads for one client pick names one at a time. FOR
      // NO KEY UPDATE, not FOR UPDATE: a log row about her written meanwhile holds the log
      // chain's lock while its foreign key takes FOR KEY SHARE on her row, and the upload waits
      // for that chain lock below; FOR UPDATE made that a deadlock (issue 38's 500).
      const client = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', subjectUserId)
        .where('role', '=', 'USER')
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!client) throw notFound(FILE_MESSAGES.clientNotFound);
      const taken = await trx
        .selectFrom('files')
        .select('original_name')
        .where('subject_user_id', '=', subjectUserId)
        .where('kind', '=', kind)
        .execute();
      const name = uniqueName(cleaned, new Set(taken.map((r) => r.original_name)));
      await insertFileRow(trx, {
        id,
        kind,
        subjectUserId,
        uploadedBy: caller.userId,
        name,
        mime: type.mime,
        file,
        at: now,
      });
      const t1 = benchTimings.now();
      await read?.store?.(trx, id, subjectUserId);
      benchTimings.since('upload.store (values + seal)', t1);
      // The client's notice is part of the upload: pushed after commit, never without it.
      await this.notifications.notify(
        subjectUserId,
        spec.notificationType,
        spec.notificationMessage,
        trx,
      );
      // The log row last: its chain trigger takes the chain's lock, held until commit.
      await this.activity.record(
        {
          action: spec.actions.uploaded,
          actorUserId: caller.userId,
          subjectUserId,
          ip: caller.ip,
          details: { fileName: name, fileId: id, mimeType: type.mime, sizeBytes: file.size },
        },
        trx,
      );
      return name;
    });
    benchTimings.since('upload.transaction', t0);
    file.kept = true;
    await this.notifications.flush();
    return { fileName, timestamp: now.toISOString(), ...read?.answer };
  }

  /**
   * A client's files of one kind, newest first. Staff reads are logged by the routes' audit
   * declaration (who read whose files, from which IP); a client reading her own list is not.
   */
  async list(
    kind: ClientFileKind,
    subjectUserId: number,
    caller: Caller,
    reader?: UploadReader,
  ): Promise<Array<FileEntry & FileEntryDetails>> {
    if (caller.role !== 'USER') await this.requireClient(subjectUserId);
    const rows = await this.db
      .selectFrom('files')
      .select(['id', 'original_name', 'created_at'])
      .where('subject_user_id', '=', subjectUserId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      // Same instant (seeded data, fast uploads): a stable order on both databases.
      .orderBy(sql`original_name collate "C"`, 'desc')
      .execute();
    const details = reader?.describe
      ? await reader.describe(
          this.db,
          rows.map((r) => r.id),
        )
      : undefined;
    return rows.map((r) => ({
      fileName: r.original_name,
      timestamp: r.created_at.toISOString(),
      ...details?.get(r.id),
    }));
  }

  /** One file of a client, found by its fileName in the database (never used as a path). */
  async download(
    kind: ClientFileKind,
    subjectUserId: number,
    fileName: string,
    caller: Caller,
  ): Promise<DownloadedFile> {
    if (caller.role !== 'USER') await this.requireClient(subjectUserId);
    const row =
      fileName.length <= MAX_FILE_NAME_LENGTH && subjectUserId <= MAX_DB_ID
        ? await this.db
            .selectFrom('files')
            .select(['id', 'original_name', 'storage_key', 'mime_type', 'size_bytes'])
            .where('subject_user_id', '=', subjectUserId)
            .where('kind', '=', kind)
            .where('original_name', '=', fileName)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
    const stream = row ? await this.storage.read(row.storage_key) : null;
    if (!row || !stream) throw notFound(FILE_MESSAGES.fileNotFound);
    if (caller.role !== 'USER') {
      try {
        await this.activity.record({
          action: FILE_KINDS[kind].actions.downloaded,
          actorUserId: caller.userId,
          subjectUserId,
          ip: caller.ip,
          details: { fileName: row.original_name, fileId: row.id },
        });
      } catch (error) {
        stream.destroy();
        throw error;
      }
    }
    return {
      fileName: row.original_name,
      mimeType: row.mime_type,
      size: Number(row.size_bytes),
      stream,
    };
  }
}
