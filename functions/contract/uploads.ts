/**
 * What the upload-url calls answer (media, voice samples): a presigned POST of one file straight to
 * storage, bounded by its policy to `contentType` and at most `maxBytes`.
 */
export interface UploadTicket {
  uploadId: string;
  url: string;
  /** Form fields to send before the file, in this order. */
  fields: Record<string, string>;
  contentType: string;
  maxBytes: number;
  expiresAt: string;
}
