/**
 * The files a script's voice-over and video are made of, and the `/api/audio|video/…` URLs the script
 * record names them by. The keys themselves come from the bucket's layout (`bucket-layout.ts`).
 */
import { objectKeys, playbackKinds, type PlaybackKind } from './bucket-layout';

/**
 * Where voice-overs and videos live and how they are named (docs/pipeline-contract.md, "Files and
 * playback"): `users/{userId}/{audio|video}/{scriptId}-{nonce}.{ext}`, played through
 * `/api/{audio|video}/{file}`, whose key is always built from the session's user id.
 */
export { playbackKinds, type PlaybackKind };

/** The only file names the playback routes accept (`.words.json` is the word timings beside an MP3). */
export const playbackFileName = /^[\w-]+(?:\.words)?\.(mp3|mp4|jpg|json)$/;

export function isPlaybackFileName(file: string): boolean {
  return file.length <= 200 && playbackFileName.test(file);
}

export const playbackKey = objectKeys.playback;

export interface VoiceOverFiles {
  /** `{scriptId}-{nonce}.mp3` */
  audioFile: string;
  audioKey: string;
  wordsKey: string;
  /** What `script.audioUrl` holds: `/api/audio/{file}`. */
  audioUrl: string;
}

export function voiceOverFiles(userId: string, scriptId: string, nonce: string): VoiceOverFiles {
  const audioFile = `${scriptId}-${nonce}.mp3`;
  const audioKey = playbackKey(userId, 'audio', audioFile);
  return { audioFile, audioKey, wordsKey: wordsKeyOf(audioKey), audioUrl: `/api/audio/${audioFile}` };
}

/** The word timings beside an MP3: `….mp3` → `….words.json`. */
export function wordsKeyOf(audioKey: string): string {
  return audioKey.replace(/\.mp3$/, '.words.json');
}

/** The stored files behind a script's `audioUrl`, when it is one of our own voice-overs. */
export function filesOfAudioUrl(userId: string, audioUrl: string | null): Omit<VoiceOverFiles, 'audioUrl'> | undefined {
  const match = audioUrl ? /^\/api\/audio\/([\w-]+\.mp3)$/.exec(audioUrl) : null;
  const audioFile = match?.[1];
  if (!audioFile) return undefined;
  const audioKey = playbackKey(userId, 'audio', audioFile);
  return { audioFile, audioKey, wordsKey: wordsKeyOf(audioKey) };
}

/** The longest file name a download is given, extension included. */
export const maxDownloadNameLength = 80;

/**
 * The name a downloaded voice-over or video is saved under: the script's title as a slug
 * (`Morning Coffee, Done Right!` → `morning-coffee-done-right.mp4`): accents folded, lower case, ASCII
 * letters and digits joined by single dashes, at most 80 characters with the extension; `reelsmith-video`
 * when nothing is left. Only `[a-z0-9-]` and the extension, so it is safe inside a quoted header value.
 */
export function downloadFileName(title: string | null | undefined, extension: 'mp4' | 'mp3'): string {
  const slug = (title ?? '')
    .slice(0, 500)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxDownloadNameLength - extension.length - 1)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'reelsmith-video'}.${extension}`;
}

/** The script a voice-over or video file belongs to: the files are named `{scriptId}-{nonce|runId}.{ext}`. */
export function scriptIdOfFile(file: string): string | undefined {
  return /^([0-9A-Z]{26})-[\w]+\.(?:mp3|mp4)$/.exec(file)?.[1];
}

/** `{scriptId}-{runId}.mp4` and its JPEG thumbnail, under the user's video folder. */
export function videoFiles(userId: string, scriptId: string, runId: string) {
  const base = `${scriptId}-${runId.toLowerCase()}`;
  return {
    videoKey: playbackKey(userId, 'video', `${base}.mp4`),
    thumbnailKey: playbackKey(userId, 'video', `${base}.jpg`),
    videoUrl: `/api/video/${base}.mp4`,
    thumbnailUrl: `/api/video/${base}.jpg`,
  };
}

/** The stored object behind one of our own `/api/video/…` URLs (an MP4 or its JPEG thumbnail). */
export function keyOfVideoUrl(userId: string, url: string | null): string | undefined {
  const file = url ? /^\/api\/video\/([\w-]+\.(?:mp4|jpg))$/.exec(url)?.[1] : undefined;
  return file ? playbackKey(userId, 'video', file) : undefined;
}

/** What a script's media fields point at. */
export interface ScriptMedia {
  audioUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
}

/** The bucket objects a script's voice-over and video are made of (MP3, words JSON, MP4, JPEG). */
export function storedFilesOf(userId: string, media: ScriptMedia): string[] {
  const audio = filesOfAudioUrl(userId, media.audioUrl);
  return [audio?.audioKey, audio?.wordsKey, keyOfVideoUrl(userId, media.videoUrl), keyOfVideoUrl(userId, media.thumbnailUrl)].filter(
    (key): key is string => key !== undefined,
  );
}

/** The objects `before` referenced that `after` no longer does (what a reset or a deletion leaves behind). */
export function filesNoLongerReferenced(userId: string, before: ScriptMedia, after: ScriptMedia | undefined): string[] {
  const kept = new Set(after ? storedFilesOf(userId, after) : []);
  return storedFilesOf(userId, before).filter((key) => !kept.has(key));
}
