/** What the API answers for a presigned POST: where to send the file and the form fields before it. */
export interface StorageUploadTicket {
  url: string;
  fields: Record<string, string>;
}

/** A failure of the browser's POST to storage (no JSON answer from our API). */
export class StorageUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StorageUploadError';
  }
}

/**
 * Sends one file straight to storage with a presigned POST, reporting real progress
 * (0–100 of the bytes sent; callers cap it while the server still has work to do).
 */
export function postToStorage(ticket: StorageUploadTicket, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new StorageUploadError(xhr.statusText || 'Upload refused', xhr.status)));
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    xhr.send(form);
  });
}
