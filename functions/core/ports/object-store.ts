/**
 * The media bucket: the one object store. Keys are made by core's bucket layout
 * (`core/files/bucket-layout.ts`), never taken from user input unchecked; browsers reach objects only
 * through short-lived presigned URLs. Each service asks for the methods it uses (`Pick<ObjectStore, …>`).
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** A small object's bytes, or undefined when there is none; ObjectTooLargeError past `maxBytes`. */
  get(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Bytes [start, end) of an object (a ranged GET: never the whole object); RangeError when the object is shorter. */
  readRange(key: string, start: number, end: number): Promise<Uint8Array>;
  /** The object's size, or undefined when there is none. */
  head(key: string): Promise<number | undefined>;
  /** Removes the objects (missing ones are fine). */
  delete(keys: readonly string[]): Promise<void>;
  /** The objects under a prefix, at most `max + 1` (so the caller can tell there are more). */
  list(prefix: string, max: number): Promise<StoredObject[]>;
  /** Deletes every object under the prefix; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Copies one object to another key inside the bucket (server-side: the bytes never pass through here). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /**
   * A short-lived GET of one object. With `attachmentName` (`[\w.-]`, at most 100 characters) the answer
   * says `Content-Disposition: attachment; filename="<name>"`, so a browser saves it under that name.
   */
  presignGet(key: string, expiresSeconds: number, options?: { attachmentName?: string }): Promise<string>;
  /** A browser POST of exactly one object of at most `maxBytes`, of `contentType`. */
  presignPost(input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }): Promise<PresignedPost>;
  /** Big files go to and from local paths, never through memory. Copies the object to `path` (ObjectTooLargeError past `maxBytes`); answers the bytes written. */
  download(key: string, path: string, maxBytes: number): Promise<number>;
  upload(key: string, path: string, contentType: string): Promise<void>;
  /** The object key when `url` points into the bucket (any of its URL forms), else undefined. */
  keyOf(url: URL): string | undefined;
}

export interface StoredObject {
  key: string;
  size: number;
}

/** An entry of a ZIP: bytes made here (JSON), or an object of the bucket streamed in. */
export type ArchiveEntry = { name: string; data: Uint8Array } | { name: string; objectKey: string; size: number };

/** A ZIP written into the bucket as a stream (the data export): never whole in memory. */
export interface ZipWriter {
  /** Writes a ZIP of the entries to `key`; answers its size. */
  writeZip(key: string, entries: readonly ArchiveEntry[]): Promise<number>;
}

export interface PresignedPost {
  url: string;
  /** Form fields to send before the file, in this order. */
  fields: Record<string, string>;
}

/** The object is larger than the caller allowed (nothing, or only part of it, was read). */
export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}
