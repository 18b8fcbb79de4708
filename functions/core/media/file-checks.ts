import type { FileTypeInfo } from '../../contract/rules/file-types';

/** The table of types is shared with the browser (contract/rules/file-types.ts); here, each type's container is checked on the bytes. */

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
