import { dialogTypes, extensionOf, fileTypes, maxUploadBytes } from '@contract/rules/file-types';

/**
 * The client's checks before any byte is sent (spec 001 §5), on the contract's table of file types.
 * The server checks again, on the bytes: these only spare the user a wasted upload.
 */
export const MAX_UPLOAD_BYTES = maxUploadBytes;
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

const typesOf = (mimes: readonly string[]) => mimes.flatMap((mime) => fileTypes[mime] ?? []);
const mediaTypes = typesOf(dialogTypes.media);
const audioTypes = typesOf(dialogTypes.audio);

/** The upload dialog: MP4, MOV (video/quicktime), MP3 (audio/mpeg). */
export const MEDIA_TYPES: readonly string[] = dialogTypes.media;
export const MEDIA_ACCEPT = [...mediaTypes.map((type) => `.${type.ext}`), ...MEDIA_TYPES].join(',');

/** The audio dialog: mp3, wav, aac, m4a, flac. */
export const AUDIO_EXTENSIONS = audioTypes.map((type) => type.ext);
export const AUDIO_ACCEPT = AUDIO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function isMediaFile(file: File): boolean {
  if (MEDIA_TYPES.includes(file.type)) return true;
  return !file.type && mediaTypes.some((type) => type.ext === extensionOf(file.name));
}

export function isAudioFile(file: File): boolean {
  return AUDIO_EXTENSIONS.includes(extensionOf(file.name));
}

export const messages = {
  tooLarge: (name: string) => `${name} exceeds the ${MAX_UPLOAD_MB}MB limit and will be skipped`,
  unsupported: (name: string) => `${name} is not a supported file type and will be skipped. Supported types: ${mediaTypes.map((type) => type.label).join(', ')}`,
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
