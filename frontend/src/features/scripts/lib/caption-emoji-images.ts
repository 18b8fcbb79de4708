/**
 * The caption emoji's images for the exact preview: the same WebP files the render lays over
 * the video (`assets/emoji/`, Fluent Emoji 3D, MIT; see assets/emoji/LICENSE.md), each bundled as its
 * own asset and fetched only when a preview shows it.
 */
const urls = import.meta.glob<string>('../../../../../assets/emoji/*.webp', { eager: true, query: '?url', import: 'default' });

/** The URL of an emoji's image by its file name (`emojiFileName` in @contract/rules/caption-emoji), if bundled. */
export function emojiImageUrl(file: string): string | undefined {
  return urls[`../../../../../assets/emoji/${file}.webp`];
}
