import type { Readable } from 'node:stream';

/**
 * Files (email attachments, uploads) by key. A key is a relative, slash-separated name such as
 * `emails/12/logo.png`; implementations refuse keys that could name anything outside their root.
 */
export interface FileStorage {
  /** Stores the data under key, replacing any previous file; readers never see a partial file. */
  put(key: string, data: Buffer | Uint8Array | string | Readable): Promise<void>;
  /** The whole file; throws StorageNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** `length` bytes from byte `start` (fewer at the end of the file), reading only those. */
  getRange(key: string, start: number, length: number): Promise<Buffer>;
  /** The file as a stream; throws StorageNotFoundError when there is none. */
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The files directly inside a folder (`staged`), with when each was last written; none when it does not exist. */
  list(folder: string): Promise<StoredFile[]>;
  /**
   * Every file under `prefix` (a folder such as `raw/12`, or '' for all), at any depth, in no
   * particular order; files still being written are not listed. Backups and the orphan sweep use it.
   */
  walk(prefix: string): AsyncIterable<StoredFile>;
  /**
   * Removes what a put() killed mid-write left (on disk a `name.<hex>.tmp` beside its target) that
   * was last written before `before`; returns their names. Object storage has no such file: an
   * interrupted multipart upload is the bucket's lifecycle rule's to abort (README "Several instances").
   */
  sweepPartial?(before: Date): Promise<string[]>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** A key that is not a plain relative name (answers 400 when it reaches a route). */
export class StorageKeyError extends Error {
  readonly statusCode = 400;
  constructor(key: string, why: string) {
    super(`Invalid file key ${JSON.stringify(key)}: ${why}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  readonly statusCode = 404;
  constructor(key: string) {
    super(`File not found: ${key}`);
    this.name = 'StorageNotFoundError';
  }
}
