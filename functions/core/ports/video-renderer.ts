import type { CaptionSettings } from '../../contract/caption-settings';
import type { WordTiming } from '../captions/word-timings';
import type { LogoSettings } from '../../contract/users';
import type { LanguageCode } from '../../contract/languages';

/**
 * One segment of the video: a local clip (video or still image) shown for `duration` seconds, or a
 * generated background (no clip for the sentence; `path` is empty, `look` the sentence's
 * index, which picks its palette and direction in contract/rules/generated-backgrounds.ts).
 */
export interface RenderClip {
  path: string;
  kind: 'video' | 'image' | 'generated';
  look?: number;
  /** Where in the clip this segment starts (seconds). */
  start: number;
  /** How long the segment lasts (seconds); a shorter clip is looped. */
  duration: number;
  /** Where the 9:16 crop is centred in a wider or taller clip (0–1 across, 0–1 down); the centre when absent. */
  focusX?: number;
  focusY?: number;
}

export interface RenderRequest {
  clips: RenderClip[];
  /** The voice-over (local file); the video lasts exactly as long. */
  voiceOverPath: string;
  voiceOverDuration: number;
  words: WordTiming[];
  captions: CaptionSettings;
  /** The script's language: how the captions cut, case, run and draw their words (absent: read from the words). */
  language?: LanguageCode | null;
  /** Background music (local file), looped under the voice at `captions.background_audio_volume`. */
  musicPath?: string | null;
  logo?: { path: string; settings: Pick<LogoSettings, 'position' | 'size' | 'opacity'> } | null;
  /** The free plan's watermark image; absent for paid plans. */
  watermarkPath?: string | null;
  outputPath: string;
  /** The render is killed after this long. */
  timeoutMs?: number;
  onProgress?: (percent: number) => void;
  /** A smaller, faster render of the same plan (the settings dialog's preview); absent: the finished 1080x1920 video. */
  output?: RenderOutput;
}

/**
 * The size of a proxy render (the preview is the video): the same shots, motion, captions and
 * sound, drawn at `width`x`height` (9:16) and encoded for speed, not for keeping.
 */
export interface RenderOutput {
  width: number;
  height: number;
  quality: 'proxy';
  /**
   * Frames a second (the settings preview's 15: half the frames to filter and encode, every move and cut at
   * the same time in seconds); 30 when absent. A single render only: chunks are planned at 30.
   */
  frameRate?: number;
}

/** The proxy's frame: 9:16, sharp enough for the settings dialog's phone frame (about 300 CSS pixels wide). */
export const proxyOutput: RenderOutput = { width: 360, height: 640, quality: 'proxy' };

/** How a shot meets its neighbour: `frames` of the shot take part, on its side of the cut. */
export interface ShotTransitionSpan {
  kind: 'zoom' | 'crossfade';
  frames: number;
}

/**
 * A clip placed on the timeline in whole frames: `frames` shown, after skipping `skipFrames` of its segment.
 * The shot fields (motion and transitions) say where the whole shot lies, so a chunk that starts
 * inside it moves it exactly as the single render does; absent, the clip is taken as a whole shot of its own.
 * A chunk that starts inside a crossfade also gets the shot before it with `frames` 0: the crossfade's
 * frames of that shot (after its end) are blended with the next shot's first ones.
 */
export interface FramedClip extends RenderClip {
  frames: number;
  skipFrames: number;
  /** The shot's index in the video (its Ken Burns direction). */
  shot?: number;
  /** The whole shot's frames, and the video frame it starts on. */
  shotFrames?: number;
  shotStart?: number;
  /** The transition from the previous shot (its first frames) and into the next (its last ones). */
  transitionIn?: ShotTransitionSpan;
  transitionOut?: ShotTransitionSpan;
}

/**
 * One chunk of a parallel render: the frames `startFrame` to `startFrame + frames` of the
 * video, pictures only (the voice and music are mixed once, by the join). `clips` are those the chunk
 * shows; the captions are the whole video's, shifted to the chunk's place.
 */
export interface ChunkRenderRequest extends Pick<
  RenderRequest,
  'words' | 'captions' | 'language' | 'logo' | 'watermarkPath' | 'outputPath' | 'timeoutMs' | 'onProgress' | 'output'
> {
  clips: FramedClip[];
  startFrame: number;
  frames: number;
}

/** The one audio track of a parallel render: the voice-over and the music under it, mixed and encoded once (AAC). */
export interface AudioMixRequest {
  voiceOverPath: string;
  voiceOverDuration: number;
  musicPath?: string | null;
  /** 0–100, as in the caption settings. */
  musicVolume: number;
  outputPath: string;
  timeoutMs?: number;
}

/** The chunks and the audio track joined without re-encoding anything. */
export interface JoinRequest {
  /** The chunks' files, in order, with their frames. */
  chunks: { path: string; frames: number }[];
  /** The mixed audio track (`mixAudio`). */
  audioPath: string;
  durationSeconds: number;
  outputPath: string;
  timeoutMs?: number;
}

export interface RenderResult {
  outputPath: string;
  durationSeconds: number;
  elapsedMs: number;
}

/** Turns clips, a voice-over and caption settings into a finished 1080x1920 H.264 + AAC MP4. */
export interface VideoRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
  renderChunk(request: ChunkRenderRequest): Promise<RenderResult>;
  mixAudio(request: AudioMixRequest): Promise<RenderResult>;
  join(request: JoinRequest): Promise<RenderResult>;
  thumbnail(videoPath: string, atSeconds: number, outputPath: string): Promise<string>;
}
