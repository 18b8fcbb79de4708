/**
 * A script's life after its words: the generation statuses each step writes, the video run's claim on
 * the script, and the files its voice-over and video are made of. The scripts, voice-over and video
 * services all read this one module (it imports none of them), so none of those folders imports
 * another's.
 */
import type { Script } from '../../contract/scripts';
import { ConflictError } from '../errors';
import { userPrefix } from '../files/owned-files';
import { maxRenderChunks } from '../video/frame-timeline';

// The statuses (the contract's `generationStatuses`: idle, generating, complete, failed), as written.

type AudioStatus = Pick<Script, 'audioGenerationStatus' | 'audioGenerationError'>;
type VideoStatus = Pick<Script, 'videoGenerationStatus' | 'videoGenerationError' | 'videoProgress'>;

export const audioStatus = {
  generating: (): AudioStatus => ({ audioGenerationStatus: 'generating', audioGenerationError: null }),
  complete: (): AudioStatus => ({ audioGenerationStatus: 'complete', audioGenerationError: null }),
  /** `reason` is shown to the user. */
  failed: (reason: string): AudioStatus => ({ audioGenerationStatus: 'failed', audioGenerationError: reason }),
};

export const videoStatus = {
  /** Written with the run's claim: the progress bar starts at 0. */
  generating: (): VideoStatus => ({ videoGenerationStatus: 'generating', videoGenerationError: null, videoProgress: 0 }),
  complete: (): VideoStatus => ({ videoGenerationStatus: 'complete', videoGenerationError: null, videoProgress: null }),
  /** `message` is shown to the user. */
  failed: (message: string): VideoStatus => ({ videoGenerationStatus: 'failed', videoGenerationError: message, videoProgress: null }),
};

/** What editing the words costs (000 §4): both statuses idle, audio and video gone. */
export const mediaReset = {
  audioGenerationStatus: 'idle',
  videoGenerationStatus: 'idle',
  audioUrl: null,
  audioDuration: null,
  videoUrl: null,
  videoMetadata: null,
  thumbnailUrl: null,
  usedMediaIds: null,
  videoGeneratedAt: null,
  audioGenerationError: null,
  videoGenerationError: null,
  videoProgress: null,
} as const satisfies Partial<Script>;

// The video run's claim.

/**
 * The claim a video run holds on its script (docs/decisions.md, "Video pipeline"): written by
 * generate-video, given back by FinalizeVideo and MarkFailed. While it stands, a second run and the
 * changes that would pull the script out from under the run (new words, regeneration, a new
 * voice-over, deletion) are refused.
 */
export const videoBusyMessage = 'A video is already being generated for this script';
export const videoBusyCode = 'VIDEO_RUN_ACTIVE';
/** A claim older than the state machine's own time bound (1 h) belongs to a run that is over. */
export const staleRunMs = 65 * 60 * 1000;

/** The 409 of every request refused while a run holds the script. */
export function videoBusyError(): ConflictError {
  return new ConflictError(videoBusyMessage, undefined, videoBusyCode);
}

/** Claims made before this time (ms) no longer hold the script. */
export function liveClaimsSince(now: number): number {
  return now - staleRunMs;
}

// The files.

/**
 * Where voice-overs and videos live and how they are named (docs/pipeline-contract.md, "Files and
 * playback"): `users/{userId}/{audio|video}/{scriptId}-{nonce}.{ext}`, played through
 * `/api/{audio|video}/{file}`, whose key is always built from the session's user id.
 */
export const playbackKinds = ['audio', 'video'] as const;
export type PlaybackKind = (typeof playbackKinds)[number];

/** The only file names the playback routes accept (`.words.json` is the word timings beside an MP3). */
export const playbackFileName = /^[\w-]+(?:\.words)?\.(mp3|mp4|jpg|json)$/;

export function isPlaybackFileName(file: string): boolean {
  return file.length <= 200 && playbackFileName.test(file);
}

export function playbackKey(userId: string, kind: PlaybackKind, file: string): string {
  return `${userPrefix(userId)}${kind}/${file}`;
}

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
 * The name a downloaded voice-over or video is saved under (issue 15): the script's title as a slug
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

/**
 * Where a parallel render's chunks and audio track wait for the join (issue 16): under `tmp/`, which
 * the bucket expires after a day; the join, a failed run and a closed account remove them sooner.
 */
export const renderScratchPrefix = (userId: string) => `tmp/renders/${userId}/`;

export function renderScratchFiles(userId: string, scriptId: string, runId: string) {
  const folder = `${renderScratchPrefix(userId)}${scriptId}-${runId.toLowerCase()}/`;
  const chunkKey = (index: number) => `${folder}chunk-${String(index).padStart(2, '0')}.mp4`;
  const audioKey = `${folder}audio.m4a`;
  return {
    chunkKey,
    audioKey,
    /** Every key a run may have written (deleting a missing one is harmless). */
    allKeys: () => [...Array.from({ length: maxRenderChunks }, (_, i) => chunkKey(i)), audioKey],
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
