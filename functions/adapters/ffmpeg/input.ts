import { resolve } from 'node:path';

/**
 * How ffmpeg and ffprobe open a file a user gave us. Three guards, on every input:
 *
 * - `-protocol_whitelist file`: no network, no pipes, no other protocol, also for anything the file
 *   itself names;
 * - `-format_whitelist`: only the demuxers of the containers we accept. Without it a file could be read
 *   as an HLS or ffconcat playlist that makes ffmpeg open other local files (the file protocol is
 *   allowed), or by any of a few hundred rarely used demuxers;
 * - `file:<absolute path>`: a name is never read as an option or another protocol.
 */

/** Demuxers of the media library's containers: MP4/MOV/M4A (`mov`), MP3, WAV, ADTS AAC and FLAC. */
export const mediaFormats: readonly string[] = ['mov', 'mp3', 'wav', 'aac', 'flac'];

/** A render also reads still pictures (logo, watermark, image clips): image2 by extension, or the piped image demuxers. */
export const renderFormats: readonly string[] = [...mediaFormats, 'image2', 'png_pipe', 'jpeg_pipe', 'webp_pipe'];

/** The options before `-i` and the input itself, for one untrusted file. */
export function untrustedInput(path: string, formats: readonly string[]): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', formats.join(','), '-i', `file:${resolve(path)}`];
}

/** Only the input's first video stream is read: audio, subtitles and data streams are dropped. */
export const firstVideoStreamOnly = ['-map', '0:v:0', '-an', '-sn', '-dn'] as const;
