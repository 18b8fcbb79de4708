/**
 * The files the media library takes (spec 001 §5): MP4, MOV and MP3 in the upload dialog; mp3, wav,
 * aac, m4a and flac in the audio dialog. Each type names its container, checked twice on the bytes:
 * the magic numbers of the first bytes, then the format ffprobe reads.
 */
export type MediaKind = 'video' | 'audio';
type Container = 'isobmff' | 'mp3' | 'wav' | 'adts' | 'flac';

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

/** The declared type, or (when the browser sent none) the one the name's extension implies. */
export function resolveFileType(contentType: string | undefined, fileName: string): FileTypeInfo | undefined {
  const declared = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared && declared !== 'application/octet-stream') {
    const mime = aliases[declared] ?? declared;
    return fileTypes[mime];
  }
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const mime = ext ? byExtension[ext] : undefined;
  return mime ? fileTypes[mime] : undefined;
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const isobmffBoxes = new Set(['ftyp', 'moov', 'wide', 'mdat', 'free', 'skip', 'pnot']);

function mp3Frame(bytes: Uint8Array, at = 0): boolean {
  const b0 = bytes[at] ?? 0;
  const b1 = bytes[at + 1] ?? 0;
  // Frame sync (11 bits), a defined MPEG version, and layer III.
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) === 0x02;
}

/** True when the first bytes (at least 12) are what a file of this type starts with. */
export function magicMatches(type: FileTypeInfo, head: Uint8Array): boolean {
  if (head.length < 12) return false;
  switch (type.container) {
    case 'isobmff': {
      const box = ascii(head, 4, 4);
      // An MP4 (and an M4A) starts with its ftyp box; QuickTime files may also start with other atoms.
      return type.mime === 'video/quicktime' ? isobmffBoxes.has(box) : box === 'ftyp';
    }
    case 'mp3':
      return ascii(head, 0, 3) === 'ID3' || mp3Frame(head);
    case 'wav':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE';
    case 'adts':
      return ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0);
    case 'flac':
      return ascii(head, 0, 4) === 'fLaC' || ascii(head, 0, 3) === 'ID3';
  }
}

/** True when ffprobe's format name (a comma-separated list of demuxers) fits the container. */
export function formatMatches(type: FileTypeInfo, formatName: string): boolean {
  const names = formatName.split(',').map((name) => name.trim());
  switch (type.container) {
    case 'isobmff':
      return names.includes('mov') || names.includes('mp4');
    case 'mp3':
      return names.includes('mp3');
    case 'wav':
      return names.includes('wav');
    case 'adts':
      return names.includes('aac');
    case 'flac':
      return names.includes('flac');
  }
}
