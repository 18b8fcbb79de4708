import { describe, expect, it } from 'vitest';
import { kenBurnsMove, motionFilter, punchSpans, type MotionContext } from '../../functions/adapters/ffmpeg/motion';
import { focusOffset, planChunk, planRender } from '../../functions/adapters/ffmpeg/render';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { RenderClip, RenderRequest } from '../../functions/core/ports/video-renderer';
import { chunkClips, framedClips } from '../../functions/core/video/frame-timeline';

const clips: RenderClip[] = [
  { path: '/media/a.mp4', kind: 'video', start: 0, duration: 2 },
  { path: '/media/b.jpg', kind: 'image', start: 0, duration: 2 },
  { path: '/media/c.mp4', kind: 'video', start: 1, duration: 2 },
];
const words = [
  { word: 'We', start: 0, end: 0.3 },
  { word: 'tried', start: 0.3, end: 0.6 },
  { word: 'it', start: 0.6, end: 0.9 },
  { word: 'again', start: 0.9, end: 1.2 },
  { word: '42', start: 2.5, end: 3 },
  { word: 'times.', start: 3, end: 3.5 },
];
const size = { width: 1080, height: 1920 };
const on: MotionContext = { kenBurns: true, punches: [] };

function graphOf(request: RenderRequest): string {
  const { args } = planRender({ request, assPath: '/tmp/w/captions.ass', fontName: 'Arimo', fontsDir: '/tmp/f' });
  return args[args.indexOf('-filter_complex') + 1] ?? '';
}

const request = (captions: Record<string, unknown>): RenderRequest => ({
  clips,
  voiceOverPath: '/media/voice.wav',
  voiceOverDuration: 6,
  words,
  captions: parseCaptionSettings(captions),
  outputPath: '/out/video.mp4',
});

describe('shots on the timeline with transitions', () => {
  it('marks each cut with its transition, on both sides, no longer than the shot', () => {
    const cut = framedClips(clips, 180);
    expect(cut.map((c) => [c.shot, c.shotStart, c.shotFrames, c.transitionIn, c.transitionOut])).toEqual([
      [0, 0, 60, undefined, undefined],
      [1, 60, 60, undefined, undefined],
      [2, 120, 60, undefined, undefined],
    ]);
    const fades = framedClips(clips, 180, { transition: 'crossfade' });
    expect(fades[0]?.transitionIn).toBeUndefined();
    expect(fades[0]?.transitionOut).toEqual({ kind: 'crossfade', frames: 7 });
    expect(fades[1]?.transitionIn).toEqual({ kind: 'crossfade', frames: 7 });
    expect(fades[2]?.transitionOut).toBeUndefined();
    const short = framedClips([{ ...clips[0]!, duration: 0.1 }, clips[1]!], 60, { transition: 'crossfade' });
    expect(short[1]?.transitionIn).toEqual({ kind: 'crossfade', frames: 7 });
    const tiny = framedClips([clips[0]!, { ...clips[1]!, duration: 0.1 }, clips[2]!], 180, { transition: 'zoom' });
    expect(tiny[1]?.transitionIn).toEqual({ kind: 'zoom', frames: 3 });
    expect(framedClips([clips[0]!, { ...clips[1]!, duration: 0.1 }, clips[2]!], 180, { transition: 'crossfade' })[1]?.transitionIn).toEqual({
      kind: 'crossfade',
      frames: 3,
    });
  });

  it('gives a chunk that starts inside a crossfade the shot before it, with no frames of its own', () => {
    const shown = chunkClips(clips, 180, { startFrame: 63, frames: 60 }, { transition: 'crossfade' });
    expect(shown.map((c) => [c.shot, c.skipFrames, c.frames])).toEqual([
      [0, 60, 0],
      [1, 3, 57],
      [2, 0, 3],
    ]);
    // Past the crossfade, or with plain cuts, it does not.
    expect(chunkClips(clips, 180, { startFrame: 67, frames: 50 }, { transition: 'crossfade' }).map((c) => c.shot)).toEqual([1]);
    expect(chunkClips(clips, 180, { startFrame: 63, frames: 50 }).map((c) => c.shot)).toEqual([1]);
  });
});

describe('the motion of a shot', () => {
  const shot = framedClips(clips, 180, { transition: 'zoom' });

  it('turns the Ken Burns move by the shot index', () => {
    expect([0, 1, 2, 3, 4].map(kenBurnsMove)).toEqual(['push-in', 'pan-right', 'pull-out', 'pan-left', 'push-in']);
    expect(motionFilter(shot[0]!, { from: 0, frames: 60 }, 0, on, size)).toContain("z='(1+0.001167*(in+0))");
    expect(motionFilter(shot[1]!, { from: 0, frames: 60 }, 60, on, size)).toContain("x='(iw-iw/zoom)*clip((in+0)/59,0,1)'");
    expect(motionFilter(shot[2]!, { from: 0, frames: 60 }, 120, on, size)).toContain('max(1,1+0.001167*(59-(in+0)))');
  });

  it('moves a long shot more slowly, but fast enough that every frame of a still differs (up to 10 s)', () => {
    const long = (seconds: number) => framedClips([{ ...clips[0]!, duration: seconds }], seconds * 30)[0]!;
    expect(motionFilter(long(4), { from: 0, frames: 120 }, 0, on, size)).toContain('(1+0.001167*(in+0))');
    expect(motionFilter(long(8), { from: 0, frames: 240 }, 0, on, size)).toContain('(1+0.0007*(in+0))');
    expect(motionFilter(long(20), { from: 0, frames: 600 }, 0, on, size)).toContain('(1+0.000333*(in+0))');
  });

  it('is a function of the frame in the shot: a chunk entering 45 frames in counts from there', () => {
    const single = motionFilter(shot[0]!, { from: 0, frames: 60 }, 0, on, size);
    const chunk = motionFilter(shot[0]!, { from: 45, frames: 15 }, 0, on, size);
    expect(chunk).toBe(single.replaceAll('(in+0)', '(in+45)'));
  });

  it('punches in on the emphasised words only while they are near', () => {
    const punches = punchSpans(words, parseCaptionSettings({}));
    expect(punches).toEqual([{ startFrame: 75, frames: 15 }]);
    const context = { kenBurns: true, punches };
    expect(motionFilter(shot[1]!, { from: 0, frames: 60 }, 60, context, size)).toContain('(1+0.08*min(clip(((in+60)-74)/4,0,1),clip((93-(in+60))/4,0,1)))');
    expect(motionFilter(shot[0]!, { from: 0, frames: 60 }, 0, context, size)).not.toContain('0.08*');
    // A creator's override turns the word's punch-in off; motion off turns every one off.
    expect(punchSpans(words, parseCaptionSettings({ emphasis: { '4': false } }))).toEqual([]);
    expect(punchSpans(words, parseCaptionSettings({ motion: false }))).toEqual([]);
  });

  it('zooms through a zoom cut on both sides, and leaves a plain cut without motion alone', () => {
    const off = { kenBurns: false, punches: [] };
    expect(motionFilter(shot[1]!, { from: 0, frames: 60 }, 60, off, size)).toContain(
      '(1+0.35*pow(clip((3-(in+0))/3,0,1),2))*(1+0.35*pow(clip(((in+0)-56)/3,0,1),2))',
    );
    expect(motionFilter(shot[1]!, { from: 10, frames: 20 }, 60, off, size)).toBe('');
    expect(motionFilter(framedClips(clips, 180)[1]!, { from: 0, frames: 60 }, 60, off, size)).toBe('');
  });
});

describe('the render graph with motion', () => {
  it('adds no motion with motion off and plain cuts: the graph of before', () => {
    const graph = graphOf(request({ motion: false, transition: 'cut' }));
    expect(graph).not.toContain('zoompan');
    expect(graph).toContain('[c0][c1][c2]concat=n=3');
  });

  it('moves every shot by default, after the scale to 1080x1920', () => {
    const graph = graphOf(request({}));
    expect(graph.match(/scale=1080:1920:flags=bilinear,zoompan=/g)).toHaveLength(3);
  });

  it('crossfades by laying the fading-in shot over the outgoing one, in the same pass', () => {
    const graph = graphOf(request({ transition: 'crossfade' }));
    expect(graph).toContain('[c0]split=2[c0a][c0b];[c0a]trim=end_frame=60[c0o];[c0b]trim=start_frame=60,setpts=PTS-STARTPTS[c0t]');
    expect(graph).toContain(
      '[c1h]setpts=(N+1)/TB,format=yuva420p,fade=t=in:st=0:d=8:alpha=1[c1xin];[c0t]setpts=(N+1)/TB[c1xout];[c1xout][c1xin]overlay=format=yuv420',
    );
    expect(graph).toContain('[c0o][c1x][c1r][c2x][c2r]concat=n=5');
    // The first shot is decoded 7 frames further, for the crossfade.
    expect(
      planRender({ request: request({ transition: 'crossfade' }), assPath: '/tmp/a.ass', fontName: 'Arimo', fontsDir: '/tmp/f' }).args.join(' '),
    ).toContain('-ss 0 -t 2.3 ');
  });

  it('renders a chunk inside a crossfade from the frames after the first shot and the next one', () => {
    const shown = chunkClips(clips, 180, { startFrame: 63, frames: 60 }, { transition: 'crossfade' });
    const { args } = planChunk({
      request: { clips: shown, startFrame: 63, frames: 60, words, captions: parseCaptionSettings({ transition: 'crossfade' }), outputPath: '/out/c.mp4' },
      assPath: '/tmp/a.ass',
      fontName: 'Arimo',
      fontsDir: '/tmp/f',
    });
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toContain('[0:v]fps=30,trim=start_frame=63:end_frame=67,');
    expect(graph).toContain('[c1h]setpts=(N+4)/TB');
    expect(graph).toContain('[c1x][c1r][c2x]concat=n=3');
  });

  it('centres the crop on the clip focus, held inside the frame', () => {
    expect(focusOffset({})).toBe('');
    expect(focusOffset({ focusX: 0.8 })).toBe(":x='min(max(0.8*iw-ow/2\\,0)\\,iw-ow)'");
    expect(focusOffset({ focusX: 2, focusY: 0.25 })).toBe(":x='min(max(1*iw-ow/2\\,0)\\,iw-ow)':y='min(max(0.25*ih-oh/2\\,0)\\,ih-oh)'");
  });
});
