import type { Publisher } from '../ports/realtime';

/** What the media library's answers say, shared by its services. */
export const mediaMessages = {
  assetNotFound: 'Media asset not found',
  folderNotFound: 'Folder not found',
  uploadNotFound: 'Upload not found or already completed',
  tooLarge: 'File exceeds the 50MB limit',
  unsupported: 'Unsupported file type. Supported types: MP4, MOV, MP3 (audio: MP3, WAV, AAC, M4A, FLAC)',
  storageFull: 'Storage limit reached',
  empty: 'The file is empty',
  notUploaded: 'The file was not uploaded',
  folderName: 'Folder name is required',
} as const;

/** Every change to the library tells the user's open pages (`{type: 'media'}`); a failed push changes nothing. */
export function announceMediaChange(publisher: Publisher, userId: string): Promise<void> {
  return publisher.publish(userId, { type: 'media', userId }).catch(() => undefined);
}
