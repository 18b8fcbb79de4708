import { ObjectTooLargeError, type ObjectStore, type PresignedPost, type StoredObject } from '../../../functions/core/ports/object-store';

/**
 * The media bucket in memory, with S3's contract: a missing object reads as undefined (head, get), a
 * delete of a missing key is fine, a read past `maxBytes` is ObjectTooLargeError. Presigned URLs are
 * plain strings naming the key, so a test can tell which object was signed.
 */
export class MemoryObjectStore implements Omit<ObjectStore, 'download' | 'upload'> {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string }>();
  readonly uploadedFromPaths = new Map<string, string>();
  readonly signedPosts: { key: string; contentType: string; maxBytes: number }[] = [];
  /** Set to make the next put fail (a bucket that is down). */
  failPuts = false;

  put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (this.failPuts) return Promise.reject(new Error('S3 is down'));
    this.objects.set(key, { body, contentType });
    return Promise.resolve();
  }

  get(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    const object = this.objects.get(key);
    if (object && object.body.byteLength > maxBytes) return Promise.reject(new ObjectTooLargeError(key));
    return Promise.resolve(object?.body);
  }

  /** Bytes [start, end) of the object, as a ranged GET answers them; a missing object is S3's NoSuchKey. */
  readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    const object = this.objects.get(key);
    if (!object) return Promise.reject(new Error(`NoSuchKey: ${key}`));
    return Promise.resolve(object.body.slice(start, Math.min(end, object.body.byteLength)));
  }

  head(key: string): Promise<number | undefined> {
    return Promise.resolve(this.objects.get(key)?.body.byteLength);
  }

  delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.objects.delete(key);
    return Promise.resolve();
  }

  list(prefix: string, max: number): Promise<StoredObject[]> {
    const found = [...this.objects].filter(([key]) => key.startsWith(prefix)).map(([key, object]) => ({ key, size: object.body.byteLength }));
    return Promise.resolve(found.slice(0, max + 1));
  }

  deletePrefix(prefix: string): Promise<number> {
    const keys = [...this.objects.keys()].filter((key) => key.startsWith(prefix));
    for (const key of keys) this.objects.delete(key);
    return Promise.resolve(keys.length);
  }

  copy(fromKey: string, toKey: string): Promise<void> {
    const object = this.objects.get(fromKey);
    if (!object) return Promise.reject(new Error(`NoSuchKey ${fromKey}`));
    this.objects.set(toKey, object);
    return Promise.resolve();
  }

  presignGet(key: string, expiresSeconds: number, options: { attachmentName?: string } = {}): Promise<string> {
    const download = options.attachmentName ? `&download=${options.attachmentName}` : '';
    return Promise.resolve(`https://bucket.example/${key}?expires=${expiresSeconds}${download}`);
  }

  presignPost(input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }): Promise<PresignedPost> {
    this.signedPosts.push({ key: input.key, contentType: input.contentType, maxBytes: input.maxBytes });
    return Promise.resolve({ url: 'https://bucket.example/', fields: { key: input.key, 'Content-Type': input.contentType } });
  }

  /** A local file uploaded (a proxy copy): recorded by path, its bytes stand in as the path's text. */
  upload(key: string, path: string, contentType: string): Promise<void> {
    this.uploadedFromPaths.set(key, path);
    this.objects.set(key, { body: new TextEncoder().encode(path), contentType });
    return Promise.resolve();
  }

  keyOf(url: URL): string | undefined {
    return url.hostname === 'bucket.example' ? url.pathname.slice(1) : undefined;
  }
}
