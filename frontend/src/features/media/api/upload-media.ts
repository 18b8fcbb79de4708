import { ApiError, apiPost } from '@/lib/api-client';
import { postToStorage, StorageUploadError } from '@/lib/storage-upload';
import type { PublicAsset } from '@contract/media';
import type { UploadTicket } from '@contract/uploads';

/** Progress is capped at 95 until the server has checked and kept the file. */
export const PROGRESS_CAP = 95;

/**
 * One file, one request to each place: the API signs an upload limited to the
 * file's size and type, the bytes go straight to S3 with real progress, then the API checks and keeps them.
 */
export async function uploadMedia(file: File, options: { folderId?: string | null; onProgress: (percent: number) => void }): Promise<PublicAsset> {
  options.onProgress(0);
  const ticket = await apiPost<UploadTicket>('/api/media/upload-url', {
    fileName: file.name,
    contentType: file.type,
    size: file.size,
    folderId: options.folderId ?? null,
  });
  await postToStorage(ticket, file, (percent) => options.onProgress(Math.min(PROGRESS_CAP, percent)));
  options.onProgress(PROGRESS_CAP);
  const asset = await apiPost<PublicAsset>('/api/media/complete', { uploadId: ticket.uploadId });
  options.onProgress(100);
  return asset;
}

/** The product's (docs/product.md#uploads) upload messages: the server's message with error and details, else 'Upload failed for {file}' with the status, else the network error. */
export function uploadErrorMessage(error: unknown, fileName: string): string {
  if (error instanceof ApiError) {
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { message?: unknown; error?: unknown; details?: unknown };
    const parts = [body.message, body.error !== body.message ? body.error : undefined].filter(
      (part): part is string => typeof part === 'string' && part.length > 0,
    );
    if (typeof body.details === 'string') parts.push(body.details);
    if (parts.length > 0) return parts.join(' — ');
    return `Upload failed for ${fileName} (${error.status})`;
  }
  if (error instanceof StorageUploadError) return `Upload failed for ${fileName} (${error.status})`;
  return error instanceof Error ? error.message : String(error);
}
