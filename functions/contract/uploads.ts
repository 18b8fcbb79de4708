import { z } from 'zod';

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

/** `UploadTicket` as a schema: the OpenAPI document's answer (platform/openapi). */
export const uploadTicketSchema: z.ZodType<UploadTicket> = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  contentType: z.string(),
  maxBytes: z.number(),
  expiresAt: z.string(),
});
