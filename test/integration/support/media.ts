import type { LocalStack } from '../../../bin/local/stack';
import type { PublicAsset } from '../../../functions/contract/media';
import type { MediaFile } from '../../support/media-files';
import type { JsonResponse, TestClient } from './http-client';
import { clientFor } from './stack';

let counter = 0;

/** A fresh account, registered and signed in through the API. */
export async function signedInUser(stack: LocalStack, prefix = 'media'): Promise<{ id: string; client: TestClient }> {
  counter += 1;
  const username = `${prefix}${counter}_${Date.now() % 100_000}`;
  const client = clientFor(stack);
  const password = 'correct horse 1';
  const registered = await client.post('/api/register', { username, email: `${username}@example.com`, password });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await client.post('/api/login', { username, password });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const user = await client.get<{ id: string }>('/api/user');
  return { id: user.body.id, client };
}

export interface UploadTicket {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** The browser's part of an upload: the presigned form fields, then the file, straight to S3. */
export async function postToS3(ticket: UploadTicket, file: MediaFile): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** What a refused call answers (the error mapper's body). */
export interface Refusal {
  message: string;
  code?: string;
  details?: unknown;
}

type UploadExtra = { folderId?: string | null; tags?: string[]; declaredSize?: number };

/** upload-url, the POST to S3, then complete: the answer of the step that stopped it, or of complete. */
export async function uploadFile(client: TestClient, file: MediaFile, extra: UploadExtra = {}): Promise<JsonResponse<PublicAsset | Refusal>> {
  const begin = await client.post<UploadTicket | Refusal>('/api/media/upload-url', {
    fileName: file.name,
    contentType: file.type,
    size: extra.declaredSize ?? file.bytes.byteLength,
    folderId: extra.folderId,
    tags: extra.tags,
  });
  if (begin.status !== 201 || !('uploadId' in begin.body)) return { ...begin, body: begin.body as Refusal };
  const sent = await postToS3(begin.body, file);
  if (sent.status >= 300) throw new Error(`S3 POST answered ${sent.status}: ${await sent.text()}`);
  return client.post<PublicAsset | Refusal>('/api/media/complete', { uploadId: begin.body.uploadId });
}

/** An upload that must succeed: the asset complete answered with (201); anything else fails the test with the answer. */
export async function uploadAsset(client: TestClient, file: MediaFile, extra: UploadExtra = {}): Promise<PublicAsset> {
  const answer = await uploadFile(client, file, extra);
  if (answer.status !== 201 || !('fileUrl' in answer.body)) throw new Error(`upload of ${file.name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
