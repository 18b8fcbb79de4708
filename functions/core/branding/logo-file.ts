import type { LogoImageType } from '../../contract/rules/logo';

/**
 * What the first bytes of an uploaded logo are (the magic numbers of the four raster types we decode),
 * and whether they look like SVG or other XML, which is refused (docs: SVG is a document that can script
 * and fetch; we do not ship a renderer that rasterises it safely).
 */
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffLogo(bytes: Uint8Array): LogoImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** Text that opens like markup (after a BOM and white space): an SVG or another XML document. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && i < 1024 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i] ?? 0)) i++;
  return bytes[i] === 0x3c; // '<'
}

export const isSvgType = (declared: string | undefined) => /^image\/svg(\+xml)?\b/i.test((declared ?? '').trim());
