// Profile pictures: images only, recognised by content, at most 2 MB; streamed into storage
// under a random key by the upload reader (files/upload.ts), the previous picture deleted.
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { sniffImage } from '../../files/sniff.ts';
import { insertFileRow, UPLOAD_POLICIES, type StoredUpload } from '../../files/upload.ts';
import { newId } from '../../security/tokens.ts';

export const PROFILE_IMAGE_MAX_BYTES = UPLOAD_POLICIES.profileImage.maxBytes;

export class ProfileImageService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'clock' | 'sessions'>) {}

  /** Makes a stored upload her picture (`file.kept` once committed). */
  async replace(userId: number, file: StoredUpload) {
    const type = sniffImage(file.head);
    if (!type) throw badRequest('Endast bilder i formaten JPEG, PNG, WebP eller GIF är tillåtna.');
    const { db, storage, clock } = this.ctx;
    const id = newId();
    const now = clock.now();
    const { user, old } = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users as u')
        .leftJoin('files as f', 'f.id', 'u.image_file_id')
        .select(['f.id as fileId', 'f.storage_key as key'])
        .where('u.id', '=', userId)
        .forUpdate(['u'])
        .executeTakeFirst();
      await insertFileRow(trx, {
        id,
        kind: 'PROFILE_IMAGE',
        subjectUserId: userId,
        uploadedBy: userId,
        name: file.filename.slice(0, 200) || `profilbild.${type.ext}`,
        mime: type.mime,
        file,
        at: now,
      });
      const user = await trx
        .updateTable('users')
        .set({ image_file_id: id, updated_at: now })
        .where('id', '=', userId)
        .returning(['id', 'first_name', 'last_name', 'role', 'image_file_id'])
        .executeTakeFirstOrThrow();
      if (before?.fileId) await trx.deleteFrom('files').where('id', '=', before.fileId).execute();
      return { user, old: before?.key ?? null };
    });
    file.kept = true;
    await this.ctx.sessions.forgetUser(userId);
    if (old) await storage.remove(old);
    return user;
  }

  /** A stored profile picture by its id (any case), or undefined: what serving it needs. */
  find(fileId: string) {
    return this.ctx.db
      .selectFrom('files')
      .select(['storage_key', 'mime_type', 'size_bytes'])
      .where('id', '=', fileId.toLowerCase())
      .where('kind', '=', 'PROFILE_IMAGE')
      .executeTakeFirst();
  }

  async remove(userId: number) {
    const { db, storage, clock } = this.ctx;
    const { user, old } = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users as u')
        .leftJoin('files as f', 'f.id', 'u.image_file_id')
        .select(['f.id as fileId', 'f.storage_key as key'])
        .where('u.id', '=', userId)
        .forUpdate(['u'])
        .executeTakeFirst();
      const user = await trx
        .updateTable('users')
        .set({ image_file_id: null, updated_at: clock.now() })
        .where('id', '=', userId)
        .returning(['id', 'first_name', 'last_name', 'role', 'image_file_id'])
        .executeTakeFirstOrThrow();
      if (before?.fileId) await trx.deleteFrom('files').where('id', '=', before.fileId).execute();
      return { user, old: before?.key ?? null };
    });
    await this.ctx.sessions.forgetUser(userId);
    if (old) await storage.remove(old);
    return user;
  }
}
