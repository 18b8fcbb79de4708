/**
 * The media bucket's layout: every object key is made here, as `keys.ts` makes the table's, and the
 * CDK's lifecycle rules read the same prefixes and periods (lib/constructs/media.ts). Only ids, our own
 * names and our own extensions become a path: a file name a user gave never does. This module imports
 * nothing, so core and the CDK can both read it.
 *
 *   users/<user>/                     everything a user owns; closing the account removes it
 *     media/<asset>/original.<ext>    an upload or stock clip, its thumbnail.jpg and its proxy.mp4
 *     audio/<script>-<nonce>.mp3      a voice-over, its word timings beside it (.words.json)
 *     video/<script>-<run>.mp4        a video and its thumbnail (.jpg)
 *     logo/<uuid>.png                 the user's logo
 *     voices/<voice>/…                a clone's samples
 *     exports/<stamp>.zip             the newest data export
 *   voice-samples/<preset>.<ext>      a preset's sample; a private voice's under voice-samples/<user>/
 *   shares/<link>/<hash>.mp4          a share link's public copy (expired `shareCopyDays` after written)
 *   tmp/                              scratch, expired `temporaryDays` after written
 *     renders/<user>/<script>-<run>/  a parallel render's chunk-NN.mp4 and audio.m4a
 *     previews/<user>/<script>-<id>.mp4
 *     voice-samples/<user>/<upload>   a sample waiting for its clone
 */

/** The top-level prefixes. */
export const bucketPrefixes = {
  users: 'users/',
  voiceSamples: 'voice-samples/',
  shares: 'shares/',
  temporary: 'tmp/',
} as const;

/** What the bucket removes by itself, in days after an object is written (the CDK's lifecycle rules). */
export const bucketExpiry = {
  /** Everything under `tmp/`. */
  temporaryDays: 1,
  /** A share link's copy: a link lives 7 days and its copy is made after it. */
  shareCopyDays: 8,
} as const;

/** The two kinds of a script's playable files, each a folder of the user's. */
export const playbackKinds = ['audio', 'video'] as const;
export type PlaybackKind = (typeof playbackKinds)[number];

const userPrefix = (userId: string) => `${bucketPrefixes.users}${userId}/`;
const voiceSampleUploadsPrefix = (userId: string) => `${bucketPrefixes.temporary}voice-samples/${userId}/`;
const renderScratchPrefix = (userId: string) => `${bucketPrefixes.temporary}renders/${userId}/`;
const renderScratchFolder = (userId: string, scriptId: string, runId: string) => `${renderScratchPrefix(userId)}${scriptId}-${runId.toLowerCase()}/`;
const shareCopyPrefix = (linkId: string) => `${bucketPrefixes.shares}${linkId}/`;

export const objectKeys = {
  /** Every object of a user lives under this prefix (media, voice-overs, videos, logo, voices, exports). */
  userPrefix,
  /** A media asset's files. */
  mediaOriginal: (userId: string, assetId: string, ext: string) => `${userPrefix(userId)}media/${assetId}/original.${ext}`,
  mediaThumbnail: (userId: string, assetId: string) => `${userPrefix(userId)}media/${assetId}/thumbnail.jpg`,
  mediaProxy: (userId: string, assetId: string) => `${userPrefix(userId)}media/${assetId}/proxy.mp4`,
  /** A voice-over's or a video's file (`{scriptId}-{nonce|run}.{ext}`), played through `/api/{kind}/{file}`. */
  playback: (userId: string, kind: PlaybackKind, file: string) => `${userPrefix(userId)}${kind}/${file}`,
  /** The user's logo (`<uuid>.png`, checked by the caller). */
  logo: (userId: string, file: string) => `${userPrefix(userId)}logo/${file}`,
  /** A cloned voice's samples. */
  cloneSample: (userId: string, voiceId: string, file: string) => `${userPrefix(userId)}voices/${voiceId}/${file}`,
  exportsPrefix: (userId: string) => `${userPrefix(userId)}exports/`,
  exportArchive: (userId: string, stamp: string) => `${userPrefix(userId)}exports/${stamp}.zip`,
  /** A voice's sample: a preset's at the top, a private voice's under its owner's id. */
  voiceSample: (voiceId: string, extension: string, ownerId?: string) =>
    `${bucketPrefixes.voiceSamples}${ownerId === undefined ? '' : `${ownerId}/`}${voiceId}.${extension}`,
  /** Where a voice sample waits between its upload and the clone, under its user's id. */
  voiceSampleUploadsPrefix,
  voiceSampleUpload: (userId: string, uploadId: string) => `${voiceSampleUploadsPrefix(userId)}${uploadId}`,
  /** A parallel render's scratch files, under the user's id (the closure removes the prefix). */
  renderScratchPrefix,
  renderChunk: (userId: string, scriptId: string, runId: string, index: number) =>
    `${renderScratchFolder(userId, scriptId, runId)}chunk-${String(index).padStart(2, '0')}.mp4`,
  renderAudio: (userId: string, scriptId: string, runId: string) => `${renderScratchFolder(userId, scriptId, runId)}audio.m4a`,
  /** A settings preview's proxy MP4. */
  preview: (userId: string, scriptId: string, previewId: string) => `${bucketPrefixes.temporary}previews/${userId}/${scriptId}-${previewId.toLowerCase()}.mp4`,
  /** A share link's public copies (no key names the owner). */
  shareCopyPrefix,
  shareCopy: (linkId: string, name: string) => `${shareCopyPrefix(linkId)}${name}.mp4`,
} as const;

/** Whether a key is a clip's proxy copy (derived by us: left out of a data export, never charged). */
export const isProxyKey = (key: string) => /^users\/[^/]+\/media\/[^/]+\/proxy\.mp4$/.test(key);
