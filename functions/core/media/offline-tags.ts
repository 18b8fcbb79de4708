import type { MediaAsset } from './media';

const stopWords = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the this to was were will with img vid video audio clip final copy edit new untitled mov mp4 mp3 wav file'.split(
    ' ',
  ),
);

/**
 * Tags that can honestly be read from an asset without looking at it: the words of its title, and
 * what its metadata says (kind, orientation, resolution, length). The offline stand-in for AI tags.
 */
export function offlineTags(asset: MediaAsset): string[] {
  const tags: string[] = [];
  const words = asset.title
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !stopWords.has(word) && !/^\d+$/.test(word));
  tags.push(...words.slice(0, 6));
  tags.push(asset.kind);
  if (asset.kind === 'video' && asset.width && asset.height) {
    tags.push(asset.height > asset.width ? 'vertical' : asset.height < asset.width ? 'horizontal' : 'square');
    const short = Math.min(asset.width, asset.height);
    if (short >= 2160) tags.push('4k');
    else if (short >= 1080) tags.push('1080p');
    else if (short >= 720) tags.push('720p');
    if (!asset.audioCodec) tags.push('silent');
  }
  if (asset.duration > 0) tags.push(asset.duration <= 10 ? 'short' : asset.duration <= 60 ? 'medium length' : 'long');
  return [...new Set(tags)];
}
