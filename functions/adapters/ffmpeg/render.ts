import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type {
  AudioMixRequest,
  ChunkRenderRequest,
  JoinRequest,
  RenderOutput,
  RenderRequest,
  RenderResult,
  VideoRenderer,
} from '../../core/ports/video-renderer';
import { frameRate } from './encoder-settings';
import { captionScriptFontsOf } from '../../contract/rules/ass-document';
import { captionFont } from './fonts';
import { runFfmpeg } from './ffmpeg-process';
import { extractFrame } from './probe';
import { concatList, planAudioMix, planChunk, planJoin, planRender, type RenderPlan } from './render-plan';
import { measureLoudness } from './audio-mix';

/**
 * The render engine: one ffmpeg run turns the segments' clips, the voice-over, the captions (an ASS file
 * burned by libass), the music, the logo and the watermark into a 1080x1920 H.264 + AAC MP4 with
 * faststart, every shot moving (Ken Burns, punch-ins, transitions: motion.ts). The filter graph is
 * described in docs/decisions/rendering.md. A long video is rendered in chunks instead
 * (`renderChunk`, each in its own task) and joined (`join`). The command lines are planned in
 * render-plan.ts; the pictures in picture-plan.ts.
 */
export const defaultRenderTimeoutMs = 10 * 60 * 1000;

export { frameRate, proxyEncoderArgs, videoEncoderArgs } from './encoder-settings';
export { clipInput, coverChain, filterPath, focusOffset } from './shot-chains';
export { generatedCanvas, generatedChain, generatedChannel } from './generated-background';
export { concatList, planAudioMix, planChunk, planJoin, planRender, type RenderPlan, type RenderPlanInput } from './render-plan';

/** The render engine behind the VideoRenderer port, with the ffmpeg from npm (or the Lambda layer). */
export class FfmpegVideoRenderer implements VideoRenderer {
  constructor(
    private readonly options: {
      timeoutMs?: number;
      onSpawn?: (pid: number) => void;
      /** Draft renders (`RENDER_DRAFT`): every video drawn at this proxy size unless its request names one. */
      draft?: RenderOutput;
    } = {},
  ) {}

  async render(request: RenderRequest): Promise<RenderResult> {
    const sized = { ...request, output: request.output ?? this.options.draft };
    // The loudness's first pass; the render is the second (audio-mix.ts).
    const loudness = await measureLoudness({
      voiceOverPath: sized.voiceOverPath,
      voiceOverDuration: sized.voiceOverDuration,
      musicPath: sized.musicPath,
      musicVolume: sized.captions.background_audio_volume,
      timeoutMs: sized.timeoutMs,
    });
    return this.runWithCaptions(sized, sized.voiceOverDuration, (paths) => planRender({ request: sized, ...paths, loudness }));
  }

  renderChunk(request: ChunkRenderRequest): Promise<RenderResult> {
    const sized = { ...request, output: request.output ?? this.options.draft };
    return this.runWithCaptions(sized, sized.frames / frameRate, (paths) => planChunk({ request: sized, ...paths }));
  }

  /** One ffmpeg run that burns captions: the caption font found, the ASS written to a work folder removed afterwards. */
  private async runWithCaptions(
    request: Pick<RenderRequest, 'captions' | 'words' | 'language' | 'outputPath' | 'timeoutMs' | 'onProgress'>,
    durationSeconds: number,
    plan: (paths: { assPath: string; fontName: string; fontsDir: string }) => RenderPlan,
  ): Promise<RenderResult> {
    const began = Date.now();
    const font = await captionFont(request.captions.font_family, captionScriptFontsOf(request.words, { ...request.captions, language: request.language }));
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-render-'));
    try {
      const assPath = join(work, 'captions.ass');
      const planned = plan({ assPath, fontName: font.fontName, fontsDir: font.fontsDir });
      await writeFile(assPath, planned.ass);
      await runFfmpeg(planned.args, {
        timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
        durationSeconds,
        onProgress: request.onProgress,
        onSpawn: this.options.onSpawn,
        env: { FONTCONFIG_FILE: font.fontconfigFile },
      });
      return { outputPath: resolve(request.outputPath), durationSeconds, elapsedMs: Date.now() - began };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async mixAudio(request: AudioMixRequest): Promise<RenderResult> {
    const began = Date.now();
    const loudness = await measureLoudness(request);
    await runFfmpeg(planAudioMix(request, loudness), {
      timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
      durationSeconds: request.voiceOverDuration,
      onSpawn: this.options.onSpawn,
    });
    return { outputPath: resolve(request.outputPath), durationSeconds: request.voiceOverDuration, elapsedMs: Date.now() - began };
  }

  async join(request: JoinRequest): Promise<RenderResult> {
    const began = Date.now();
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-join-'));
    try {
      const listPath = join(work, 'chunks.txt');
      await writeFile(listPath, concatList(request.chunks));
      await runFfmpeg(planJoin(request, listPath), {
        timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
        durationSeconds: request.durationSeconds,
        onSpawn: this.options.onSpawn,
      });
      return { outputPath: resolve(request.outputPath), durationSeconds: request.durationSeconds, elapsedMs: Date.now() - began };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  thumbnail(videoPath: string, atSeconds: number, outputPath: string): Promise<string> {
    return extractFrame(videoPath, atSeconds, outputPath);
  }
}
