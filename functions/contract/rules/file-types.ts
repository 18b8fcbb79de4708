/**
 * The files the media library takes: MP4, MOV and MP3 in the upload dialog; mp3, wav,
 * aac, m4a and flac in the audio dialog. The browser checks a file against this table before any byte
 * is sent; the server checks again, on the bytes, against each type's container
 * (core/media/file-checks.ts: the magic numbers of the first bytes, then the format ffprobe reads).
 */
export type MediaKind = 'video' | 'audio';
export type Container = 'isobmff' | 'mp3' | 'wav' | 'adts' | 'flac';

export interface FileTypeInfo {
  mime: string;
  kind: MediaKind;
  /** The extension our object keys use; never taken from the user's file name. */
  ext: string;
  label: string;
  container: Container;
}

export const fileTypes: Readonly<Record<string, FileTypeInfo>> = {
  'video/mp4': { mime: 'video/mp4', kind: 'video', ext: 'mp4', label: 'MP4', container: 'isobmff' },
  'video/quicktime': { mime: 'video/quicktime', kind: 'video', ext: 'mov', label: 'MOV', container: 'isobmff' },
  'audio/mpeg': { mime: 'audio/mpeg', kind: 'audio', ext: 'mp3', label: 'MP3', container: 'mp3' },
  'audio/wav': { mime: 'audio/wav', kind: 'audio', ext: 'wav', label: 'WAV', container: 'wav' },
  'audio/aac': { mime: 'audio/aac', kind: 'audio', ext: 'aac', label: 'AAC', container: 'adts' },
  'audio/mp4': { mime: 'audio/mp4', kind: 'audio', ext: 'm4a', label: 'M4A', container: 'isobmff' },
  'audio/flac': { mime: 'audio/flac', kind: 'audio', ext: 'flac', label: 'FLAC', container: 'flac' },
};

/** Other names browsers and systems give the same types. */
const aliases: Readonly<Record<string, string>> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-flac': 'audio/flac',
  'video/x-quicktime': 'video/quicktime',
};

const byExtension: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
};

export const maxUploadBytes = 50 * 1024 * 1024;

/** The types each dialog offers: the upload dialog MP4, MOV and MP3; the audio dialog every audio type. */
export const dialogTypes = {
  media: ['video/mp4', 'video/quicktime', 'audio/mpeg'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/aac', 'audio/mp4', 'audio/flac'],
} as const;

/** The extension of a file name, lower case ('' when there is none). */
export function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

/** The declared type, or (when the browser sent none) the one the name's extension implies. */
export function resolveFileType(contentType: string | undefined, fileName: string): FileTypeInfo | undefined {
  const declared = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared && declared !== 'application/octet-stream') {
    const mime = aliases[declared] ?? declared;
    return fileTypes[mime];
  }
  const ext = extensionOf(fileName);
  const mime = ext ? byExtension[ext] : undefined;
  return mime ? fileTypes[mime] : undefined;
}
