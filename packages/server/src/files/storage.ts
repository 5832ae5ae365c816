// Blob storage for uploads. Keys are random UUIDs made by the server: an uploaded file's
// name is kept only as data (files.original_name), never used as a path.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UUID_RE } from '../security/tokens.ts';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

function checkKey(key: string): string {
  if (!UUID_RE.test(key)) throw new Error(`Ogiltig lagringsnyckel: ${key}`);
  return key.toLowerCase();
}

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}
  #path(key: string) {
    const k = checkKey(key);
    return path.join(this.root, k.slice(0, 2), k);
  }
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.#path(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }
  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  async remove(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

export class MemoryStorage implements FileStorage {
  readonly blobs = new Map<string, Buffer>();
  async put(key: string, data: Buffer) {
    this.blobs.set(checkKey(key), Buffer.from(data));
  }
  async get(key: string) {
    return this.blobs.get(checkKey(key)) ?? null;
  }
  async remove(key: string) {
    this.blobs.delete(checkKey(key));
  }
}
