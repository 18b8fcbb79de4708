/**
 * The client's checks before any byte is sent (spec 001 §5). The server checks again: these only
 * spare the user a wasted upload.
 */
export const MAX_UPLOAD_MB = 50;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** The upload dialog: MP4, MOV (video/quicktime), MP3 (audio/mpeg). */
export const MEDIA_TYPES = ['video/mp4', 'video/quicktime', 'audio/mpeg'];
export const MEDIA_ACCEPT = '.mp4,.mov,.mp3,video/mp4,video/quicktime,audio/mpeg';

/** The audio dialog: mp3, wav, aac, m4a, flac. */
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'aac', 'm4a', 'flac'];
export const AUDIO_ACCEPT = '.mp3,.wav,.aac,.m4a,.flac';

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

export function isMediaFile(file: File): boolean {
  if (MEDIA_TYPES.includes(file.type)) return true;
  return !file.type && ['mp4', 'mov', 'mp3'].includes(extension(file.name));
}

export function isAudioFile(file: File): boolean {
  return AUDIO_EXTENSIONS.includes(extension(file.name));
}

export const messages = {
  tooLarge: (name: string) => `${name} exceeds the ${MAX_UPLOAD_MB}MB limit and will be skipped`,
  unsupported: (name: string) => `${name} is not a supported file type and will be skipped. Supported types: MP4, MOV, MP3`,
  noFiles: 'Please select files to upload',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
