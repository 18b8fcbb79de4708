import { describe, expect, it } from 'vitest';
import { planChunk, planRender, proxyEncoderArgs } from '../../functions/adapters/ffmpeg/render';
import { punchSpans } from '../../functions/adapters/ffmpeg/motion';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { proxyOutput, type RenderRequest } from '../../functions/core/ports/video-renderer';
import { chunkClips, framedClips, framesAt, timelineFrames } from '../../functions/core/video/frame-timeline';
import { previewOutput } from '../../functions/core/video/preview';

/** The settings preview draws the same plan at 15 fps. */
const request: RenderRequest = {
  clips: [
    { path: '/media/a.mp4', kind: 'video', start: 1, duration: 2 },
    { path: '/media/b.mp4', kind: 'video', start: 0.5, duration: 3 },
  ],
  voiceOverPath: '/media/voice.mp3',
  voiceOverDuration: 5,
  words: [
    { word: 'Save', start: 0, end: 0.4 },
    { word: '$50', start: 2.2, end: 2.8 },
  ],
  captions: parseCaptionSettings({ motion: true, transition: 'crossfade' }),
  outputPath: '/out/preview.mp4',
  output: previewOutput,
};
const paths = { assPath: '/tmp/w/captions.ass', fontName: 'Archivo Black', fontsDir: '/tmp/fonts/archivo-black' };

describe('the preview render at 15 fps', () => {
  const { args } = planRender({ request, ...paths });
  const line = args.join(' ');
  const graph = args[args.indexOf('-filter_complex') + 1] ?? '';

  it('is the proxy frame at 15 fps, the video at 30', () => {
    expect(previewOutput).toMatchObject({ width: proxyOutput.width, height: proxyOutput.height, frameRate: 15 });
    expect(proxyOutput.frameRate).toBeUndefined();
  });

  it('places the cuts at the same seconds, in half the frames', () => {
    expect(timelineFrames(5, 15)).toBe(75);
    const at15 = framedClips(request.clips, 75, { frameRate: 15 });
    const at30 = framedClips(request.clips, 150);
    expect(at15.map((clip) => clip.shotStart)).toEqual([0, 30]);
    expect(at30.map((clip) => (clip.shotStart ?? 0) / 2)).toEqual([0, 30]);
  });

  it('keeps transitions and punch-ins as long in seconds (at least one frame)', () => {
    expect(framesAt(7, 15)).toBe(4);
    expect(framesAt(3, 15)).toBe(2);
    expect(framesAt(1, 15)).toBe(1);
    expect(framesAt(7)).toBe(7);
    expect(framedClips(request.clips, 75, { transition: 'crossfade', frameRate: 15 })[1]?.transitionIn).toEqual({ kind: 'crossfade', frames: 4 });
    expect(punchSpans(request.words, request.captions, 15)).toEqual([{ startFrame: 33, frames: 9 }]);
    expect(punchSpans(request.words, request.captions)).toEqual([{ startFrame: 66, frames: 18 }]);
  });

  it('decodes, moves and encodes at 15 fps with x264 ultrafast and trellis off', () => {
    // The first shot runs 4 frames past its cut, under the crossfade.
    expect(graph).toContain('[0:v]fps=15,trim=end_frame=34,');
    expect(graph).toContain(':s=360x640:fps=15,setpts=N/(15*TB)');
    // The push-in gains as much zoom per second: twice the step per frame.
    expect(graph).toContain("z='(1+0.002333*(in+0))");
    expect(graph).toContain('fade=t=in:st=0:d=5:alpha=1');
    expect(line).toContain('-stream_loop -1 -ss 1 -t 2.4 ');
    expect(line).toContain('-c:v libx264 -preset ultrafast -tune fastdecode -x264-params trellis=0 -crf 30 -g 15 -pix_fmt yuv420p -r 15');
    expect(line).toContain('-t 5 -movflags +faststart');
  });

  it('leaves the finished video and draft renders at 30 fps', () => {
    const draft = planRender({ request: { ...request, output: proxyOutput }, ...paths }).args.join(' ');
    expect(draft).toContain('[0:v]fps=30,');
    expect(draft).toContain(proxyEncoderArgs(30).join(' '));
    expect(draft).not.toContain('-r 15');
    const full = planRender({ request: { ...request, output: undefined }, ...paths }).args.join(' ');
    expect(full).toContain('[0:v]fps=30,');
    expect(full).toContain('-preset superfast');
  });

  it('is never drawn in chunks', () => {
    const clips = chunkClips(request.clips, 150, { startFrame: 0, frames: 60 });
    const chunk = { words: request.words, captions: request.captions, outputPath: '/out/c.mp4', clips, startFrame: 0, frames: 60 };
    expect(() => planChunk({ request: { ...chunk, output: previewOutput }, ...paths })).toThrow(/30 fps/);
    expect(() => planChunk({ request: { ...chunk, output: proxyOutput }, ...paths })).not.toThrow();
  });
});
