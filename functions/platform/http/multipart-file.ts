import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { parseOrRefuse } from './zod-issues';

/** One file of a multipart/form-data request (media `file`, the logo `logo`, voice samples `files`). */
export interface MultipartFile {
  /** As the browser sent it, or the caller's default when it sent none. */
  fileName: string;
  /** As the browser declared it; checked against the bytes by the service. */
  contentType: string | undefined;
  bytes: Uint8Array;
}

type RawBodyEvent = Pick<APIGatewayProxyEventV2, 'headers' | 'body' | 'isBase64Encoded'>;

/** A form whose only part is its file. */
export const noFormFields = z.object({});

/** Room for a form's boundaries, part headers and text fields beside its files. */
export const formOverheadBytes = 64 * 1024;

export interface MultipartFormOptions<Fields> {
  /** The whole body's bound, checked before parsing. */
  maxBodyBytes: number;
  tooLarge: () => Error;
  /** The form's text fields (the first value of each name), read by this schema: a 400 naming the first problem. */
  fields: z.ZodType<Fields>;
  /** The names the files may come under, in order, and how many are read at most (the rest are left unread). */
  files: { names: readonly string[]; atMost: number; defaultName: string; check?: (count: number) => void };
  messages?: { notMultipart?: string; unreadable?: string };
}

/**
 * The one reader of a raw-body route's multipart/form-data request (API Gateway may send it base64): the
 * content type checked, the body bounded before parsing, the text fields through zod, the files found.
 * `files.check` judges how many came before the fields are read; otherwise counting is the caller's (a
 * service may have its own message).
 */
export async function readMultipartForm<Fields>(
  event: RawBodyEvent,
  options: MultipartFormOptions<Fields>,
): Promise<{ files: MultipartFile[]; fields: Fields }> {
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new ValidationError(options.messages?.notMultipart ?? 'Send the file as multipart/form-data');
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > options.maxBodyBytes) throw options.tooLarge();
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError(options.messages?.unreadable ?? 'The upload could not be read as multipart/form-data');
  }
  const blobs = options.files.names.flatMap((name) => form.getAll(name).flatMap((value) => (typeof value === 'string' ? [] : [value])));
  options.files.check?.(blobs.length);
  const text: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && !(name in text)) text[name] = value;
  const fields = parseOrRefuse(options.fields, text);
  const files = await Promise.all(
    blobs.slice(0, options.files.atMost).map(async (file) => ({
      fileName: file.name || options.files.defaultName,
      contentType: file.type || undefined,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { files, fields };
}

/**
 * Exactly one file in `field` (POST /api/media/upload, the logo): the body bounded by `maxBytes` plus the
 * form's overhead (`tooLarge` past it), `missing` when there is none, and the form's fields through zod.
 */
export async function readMultipartFile<Fields>(
  event: RawBodyEvent,
  options: { field: string; maxBytes: number; tooLarge: () => Error; missing: string; fields: z.ZodType<Fields>; defaultName?: string },
): Promise<{ file: MultipartFile; fields: Fields }> {
  const { files, fields } = await readMultipartForm(event, {
    maxBodyBytes: options.maxBytes + formOverheadBytes,
    tooLarge: options.tooLarge,
    fields: options.fields,
    files: {
      names: [options.field],
      atMost: 1,
      defaultName: options.defaultName ?? 'upload',
      check: (count) => {
        if (count === 0) throw new ValidationError(options.missing);
        if (count > 1) throw new ValidationError('One file per request');
      },
    },
  });
  const [file] = files;
  if (!file) throw new ValidationError(options.missing);
  return { file, fields };
}
