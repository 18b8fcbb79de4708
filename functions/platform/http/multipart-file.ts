import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError } from '../../core/errors';

/** One file of a multipart/form-data request (the spec's uploads: media `file`, the logo `logo`). */
export interface MultipartFile {
  fileName: string;
  /** As the browser declared it; checked against the bytes by the service. */
  contentType: string | undefined;
  bytes: Uint8Array;
}

/**
 * Reads one file from a raw-body route's multipart/form-data request (API Gateway may send it base64),
 * the way POST /api/media/upload does: the content type checked, the body bounded before parsing
 * (`tooLarge` is thrown past `maxBytes` plus the form's overhead), one file in `field`.
 */
export async function readMultipartFile(
  event: Pick<APIGatewayProxyEventV2, 'headers' | 'body' | 'isBase64Encoded'>,
  options: { field: string; maxBytes: number; tooLarge: () => Error; missing: string },
): Promise<{ file: MultipartFile; form: FormData }> {
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new ValidationError('Send the file as multipart/form-data');
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > options.maxBytes + 64 * 1024) throw options.tooLarge();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError('The upload could not be read as multipart/form-data');
  }
  const files = form.getAll(options.field).filter((value) => typeof value !== 'string');
  if (files.length === 0) throw new ValidationError(options.missing);
  if (files.length > 1) throw new ValidationError('One file per request');
  const file = files[0] as Blob & { name?: string };
  return {
    file: { fileName: file.name || 'upload', contentType: file.type || undefined, bytes: new Uint8Array(await file.arrayBuffer()) },
    form,
  };
}
