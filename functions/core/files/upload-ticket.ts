import type { UploadTicket } from '../../contract/uploads';
import type { ObjectStore } from '../ports/object-store';

/** A presigned POST of one file of `contentType` and at most `maxBytes` to `key`, answered as a ticket. */
export async function uploadTicket(
  storage: Pick<ObjectStore, 'presignPost'>,
  input: { uploadId: string; key: string; contentType: string; maxBytes: number; expiresSeconds: number; now: number },
): Promise<UploadTicket> {
  const signed = await storage.presignPost({ key: input.key, contentType: input.contentType, maxBytes: input.maxBytes, expiresSeconds: input.expiresSeconds });
  return {
    uploadId: input.uploadId,
    url: signed.url,
    fields: signed.fields,
    contentType: input.contentType,
    maxBytes: input.maxBytes,
    expiresAt: new Date(input.now + input.expiresSeconds * 1000).toISOString(),
  };
}
