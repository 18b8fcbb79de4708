import { dialogTypes, extensionOf, fileTypes, maxUploadBytes } from '@contract/rules/file-types';

/**
 * The client's checks before any byte is sent, on the contract's table of file types.
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
  unsupported: (name: string) =>
    `${name} is not a supported file type and will be skipped. Supported types: ${mediaTypes.map((type) => type.label).join(', ')}`,
  noFiles: 'Please select files to upload',
};

/**
 * The drop zone's per-file limit ("per-file limit (default 10 MB) with 'File Size
 * Exceeded'"). Larger files, up to the upload limit, go through Choose Files.
 */
export const DROP_ZONE_MAX_MB = 10;

export interface DropRefusal {
  file: File;
  title: 'File Type Not Supported' | 'File Size Exceeded';
  description: string;
}

/** The drop zone's checks, type first, then size; what it keeps and what it refuses, in order. */
export function screenDrop(files: readonly File[], accepts: (file: File) => boolean, maxSizeMB = DROP_ZONE_MAX_MB): { kept: File[]; refused: DropRefusal[] } {
  const kept: File[] = [];
  const refused: DropRefusal[] = [];
  for (const file of files) {
    if (!accepts(file)) refused.push({ file, title: 'File Type Not Supported', description: `${file.name} is not a supported file type.` });
    else if (file.size > maxSizeMB * 1024 * 1024) {
      const more = maxSizeMB < MAX_UPLOAD_MB ? ` Files up to ${MAX_UPLOAD_MB} MB can be chosen with Choose Files.` : '';
      refused.push({ file, title: 'File Size Exceeded', description: `${file.name} is larger than the ${maxSizeMB} MB limit for dropped files.${more}` });
    } else kept.push(file);
  }
  return { kept, refused };
}

/**
 * One toast for every refused file of a drop (the toaster shows one at a time): the product's (docs/product.md#uploads) title, both
 * when both kinds were refused, and each file's reason.
 */
export function dropRefusalToast(refused: readonly DropRefusal[]): { title: string; description: string } | undefined {
  if (refused.length === 0) return undefined;
  const titles = [...new Set(refused.map((refusal) => refusal.title))];
  return { title: titles.join(' and '), description: refused.map((refusal) => refusal.description).join(' ') };
}

export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
