import { describe, expect, it } from 'vitest';
import { concatList, planAudioMix, planChunk, planJoin, planRender } from '../../functions/adapters/ffmpeg/render';
import { parseLoudness, planLoudnessMeasure } from '../../functions/adapters/ffmpeg/audio-mix';
import { chunkClips, clipSpans, framedClips, planChunks, timelineFrames } from '../../functions/core/video/frame-timeline';
import { logoPlacement, logoSize, watermarkPlacement } from '../../functions/core/branding/logo-placement';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { RenderRequest } from '../../functions/core/ports/video-renderer';

const request: RenderRequest = {
  clips: [
    { path: '/media/a.mp4', kind: 'video', start: 1, duration: 2 },
    { path: '/media/b.jpg', kind: 'image', start: 0, duration: 2 },
  ],
  voiceOverPath: '/media/voice.mp3',
  voiceOverDuration: 5,
  words: [{ word: 'hi', start: 0, end: 1 }],
  captions: parseCaptionSettings({ background_audio_volume: 40 }),
  musicPath: '/media/music.mp3',
  logo: { path: '/media/logo.png', settings: { position: 'top-left', size: 'ultimate', opacity: 0.5 } },
  watermarkPath: '/media/mark.png',
  outputPath: '/out/video.mp4',
};

describe('the render command', () => {
  const { args, ass } = planRender({ request, assPath: '/tmp/w/captions.ass', fontName: 'Archivo Black', fontsDir: '/tmp/fonts/archivo-black' });
  const graph = args[args.indexOf('-filter_complex') + 1] ?? '';

  it('reads only local files: every input is file: with the file protocol and known demuxers alone', () => {
    const inputs = args.flatMap((arg, i) => (arg === '-i' ? [i] : []));
    expect(inputs).toHaveLength(6);
    for (const i of inputs) {
      expect(args.slice(i - 4, i)).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', 'mov,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe']);
      expect(args[i + 1]).toMatch(/^file:\//);
    }
  });

  it('encodes H.264 (superfast with mbtree) + AAC with faststart, as long as the voice-over', () => {
    expect(args.join(' ')).toContain('-c:v libx264 -preset superfast -x264-params mbtree=1:rc-lookahead=10 -crf 23');
    expect(args.join(' ')).toContain('-c:a aac');
    expect(args.join(' ')).toContain('-t 5 -movflags +faststart');
  });

  it('stretches the last segment to the voice-over in whole frames, loops short clips and decodes two frames to spare', () => {
    expect(framedClips(request.clips, timelineFrames(5)).map((c) => c.frames)).toEqual([60, 90]);
    expect(args.join(' ')).toContain(
      '-stream_loop -1 -ss 1 -t 2.067 -protocol_whitelist file -format_whitelist mov,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe -i file:/media/a.mp4',
    );
    expect(args.join(' ')).toContain(
      '-loop 1 -framerate 30 -t 3.067 -protocol_whitelist file -format_whitelist mov,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe -i file:/media/b.jpg',
    );
    expect(graph).toContain('[0:v]fps=30,trim=end_frame=60,setpts=PTS-STARTPTS,crop=');
    expect(graph).toContain('[1:v]fps=30,trim=end_frame=90,setpts=PTS-STARTPTS,crop=');
  });

  it('burns the captions last, always with fontsdir, and mixes the music at its volume', () => {
    expect(graph).toContain('[wm]subtitles=filename=/tmp/w/captions.ass:fontsdir=/tmp/fonts/archivo-black[vout]');
    expect(graph).toContain('volume=0.4[music]');
    expect(graph).toContain('amix=inputs=2:duration=first');
    expect(ass).toContain('Style: Caption,Archivo Black,');
  });

  it('burns no captions when they are turned off (a video template may), and keeps the rest of the graph', () => {
    const off = planRender({
      request: { ...request, captions: parseCaptionSettings({ enabled: false }) },
      assPath: '/tmp/w/captions.ass',
      fontName: 'Archivo Black',
      fontsDir: '/tmp/fonts/archivo-black',
    });
    const offGraph = off.args[off.args.indexOf('-filter_complex') + 1] ?? '';
    expect(offGraph).not.toContain('subtitles=');
    expect(offGraph).toContain('[wm]null[vout]');
    expect(off.args).toContain('[vout]');
  });

  it('places the logo by its settings and the watermark 180x180 bottom-left, 30 px in', () => {
    expect(graph).toContain('scale=600:228:force_original_aspect_ratio=decrease,format=rgba,colorchannelmixer=aa=0.5,format=yuva420p[logoimg]');
    expect(graph).toContain('overlay=x=30:y=30');
    expect(graph).toContain('scale=180:180:force_original_aspect_ratio=decrease,format=rgba,format=yuva420p[wmimg]');
    expect(graph).toContain('overlay=x=30:y=main_h-overlay_h-30');
  });

  it('refuses filter-graph paths that would need escaping', () => {
    expect(() => planRender({ request, assPath: "/tmp/a'b:c.ass", fontName: 'Arimo', fontsDir: '/tmp/f' })).toThrow('Unsupported characters');
  });
});

describe('the timeline in whole frames', () => {
  it('counts the frames that start before the end', () => {
    expect(timelineFrames(5)).toBe(150);
    expect(timelineFrames(24.9)).toBe(747);
    expect(timelineFrames(0.01)).toBe(1);
  });

  it('places clips at the rounded running sum (no drift), at least a frame each, the last to the end', () => {
    expect(clipSpans([1.01, 1.01, 1.01], 100)).toEqual([
      { startFrame: 0, frames: 30 },
      { startFrame: 30, frames: 31 },
      { startFrame: 61, frames: 39 },
    ]);
    expect(clipSpans([0.001, 2], 60)).toEqual([
      { startFrame: 0, frames: 1 },
      { startFrame: 1, frames: 59 },
    ]);
    // Clips longer than the voice are cut; one that would start after the end is dropped.
    expect(clipSpans([3, 3, 3], 120)).toEqual([
      { startFrame: 0, frames: 90 },
      { startFrame: 90, frames: 30 },
    ]);
  });

  it('splits a video longer than one chunk into equal runs of whole frames, at most 40', () => {
    expect(planChunks(150, 5)).toBeUndefined();
    expect(planChunks(151, 5)?.map((c) => c.frames)).toEqual([76, 75]);
    const minute = planChunks(1800, 5) ?? [];
    expect(minute).toHaveLength(12);
    expect(minute.every((c, i) => c.index === i && c.startFrame === i * 150 && c.frames === 150)).toBe(true);
    expect(planChunks(30 * 60 * 10, 5)).toHaveLength(40);
    expect(planChunks(1800, 0)).toBeUndefined();
    // The local stack's bound (its cores): a minute in two chunks of 30 s.
    expect(planChunks(1800, 5, 2)?.map((c) => c.frames)).toEqual([900, 900]);
  });

  it("gives a chunk the clips it shows, the first cut at the chunk's start", () => {
    const clips = [
      { path: 'a', kind: 'video' as const, start: 1, duration: 2 },
      { path: 'b', kind: 'video' as const, start: 0, duration: 2 },
      { path: 'c', kind: 'image' as const, start: 0, duration: 2 },
    ];
    expect(chunkClips(clips, 180, { startFrame: 45, frames: 45 })).toEqual([
      { ...clips[0], skipFrames: 45, frames: 15, shot: 0, shotFrames: 60, shotStart: 0 },
      { ...clips[1], skipFrames: 0, frames: 30, shot: 1, shotFrames: 60, shotStart: 60 },
    ]);
    expect(chunkClips(clips, 180, { startFrame: 135, frames: 45 })).toEqual([
      { ...clips[2], skipFrames: 15, frames: 45, shot: 2, shotFrames: 60, shotStart: 120 },
    ]);
  });
});

describe('a chunk and the join', () => {
  const chunk = planChunk({
    request: {
      clips: [{ path: '/media/a.mp4', kind: 'video', start: 1, duration: 2, skipFrames: 45, frames: 15 }],
      startFrame: 45,
      frames: 15,
      words: request.words,
      captions: request.captions,
      logo: null,
      watermarkPath: null,
      outputPath: '/out/chunk.mp4',
    },
    assPath: '/tmp/w/captions.ass',
    fontName: 'Arimo',
    fontsDir: '/tmp/f',
  });
  const graph = chunk.args[chunk.args.indexOf('-filter_complex') + 1] ?? '';

  it('renders only its frames, pictures only, with the same encoder settings', () => {
    expect(chunk.args.join(' ')).toContain('-ss 1 -t 2.067');
    expect(graph).toContain('fps=30,trim=start_frame=45:end_frame=60,setpts=PTS-STARTPTS');
    expect(chunk.args.join(' ')).toContain(
      '-map [vout] -an -c:v libx264 -preset superfast -x264-params mbtree=1:rc-lookahead=10 -crf 23 -pix_fmt yuv420p -frames:v 15',
    );
    expect(chunk.args).not.toContain('-c:a');
  });

  it('burns the whole video’s captions at the chunk’s place in it', () => {
    expect(graph).toContain('[base]setpts=PTS+45/(30*TB),subtitles=filename=/tmp/w/captions.ass:fontsdir=/tmp/f,setpts=PTS-STARTPTS[vout]');
  });

  it('mixes the audio track once, as a single render mixes it', () => {
    const mix = planAudioMix({ voiceOverPath: '/w/voice.mp3', voiceOverDuration: 5, musicPath: '/w/music.mp3', musicVolume: 40, outputPath: '/w/audio.m4a' });
    expect(mix[mix.indexOf('-filter_complex') + 1]).toContain('volume=0.4[music]');
    expect(mix.join(' ')).toContain('-map [aout] -vn -c:a aac -b:a 128k -t 5 -f mp4');
  });

  it('ducks the music under the voice and applies the measured loudness correction (the second of two passes)', () => {
    const measured = { input_i: -21.6, input_tp: -6.2, input_lra: 4.1, input_thresh: -32, target_offset: 0.3 };
    const graph = planAudioMix(
      { voiceOverPath: '/w/voice.mp3', voiceOverDuration: 5, musicPath: '/w/music.mp3', musicVolume: 40, outputPath: '/w/audio.m4a' },
      measured,
    ).join(' ');
    expect(graph).toContain('[music][key]sidechaincompress=');
    expect(graph).toContain(
      'loudnorm=I=-14:TP=-1.5:LRA=11:measured_I=-21.6:measured_TP=-6.2:measured_LRA=4.1:measured_thresh=-32:offset=0.3:linear=true,aresample=48000',
    );
    const first = planLoudnessMeasure({ voiceOverPath: '/w/voice.mp3', voiceOverDuration: 5, musicPath: null, musicVolume: 40 }).join(' ');
    expect(first).toContain('loudnorm=I=-14:TP=-1.5:LRA=11:print_format=json');
    expect(first).toContain('-f null -');
    expect(
      parseLoudness(
        '[Parsed_loudnorm_1 @ 0x1]\n{\n\t"input_i" : "-21.60",\n\t"input_tp" : "-6.20",\n\t"input_lra" : "4.10",\n\t"input_thresh" : "-32.00",\n\t"output_i" : "-14.0",\n\t"target_offset" : "0.30"\n}\n',
      ),
    ).toEqual(measured);
  });

  it('joins with the concat demuxer, each chunk as long as its frames, and copies video and audio', () => {
    const join = planJoin(
      { chunks: [{ path: '/w/c0.mp4', frames: 150 }], audioPath: '/w/audio.m4a', durationSeconds: 5, outputPath: '/w/out.mp4' },
      '/w/list.txt',
    );
    expect(join.join(' ')).toContain('-protocol_whitelist file -format_whitelist concat,mov -f concat -safe 0 -i file:/w/list.txt');
    expect(join.join(' ')).toContain('-protocol_whitelist file -format_whitelist mov -i file:/w/audio.m4a -map 0:v -map 1:a -c copy -t 5 -movflags +faststart');
    expect(join).not.toContain('-filter_complex');
    expect(
      concatList([
        { path: '/w/c0.mp4', frames: 150 },
        { path: '/w/c1.mp4', frames: 76 },
      ]),
    ).toBe("file '/w/c0.mp4'\nduration 5.000000\nfile '/w/c1.mp4'\nduration 2.533333\n");
    expect(() => concatList([{ path: "/w/it's.mp4", frames: 1 }])).toThrow('Unsupported characters');
  });
});

describe('logo sizes and places', () => {
  it('spans the documented twelve sizes from 60x22 to 600x228', () => {
    expect(logoSize('extra-small')).toEqual({ width: 60, height: 22 });
    expect(logoSize('ultimate')).toEqual({ width: 600, height: 228 });
    expect(logoSize('medium')).toEqual({ width: 158, height: 60 });
    expect(logoSize('unknown')).toEqual(logoSize('medium'));
  });

  it('anchors to the chosen corner and bounds the opacity', () => {
    expect(logoPlacement({ position: 'bottom-right', size: 'small', opacity: 2 })).toMatchObject({ left: false, top: false, opacity: 1 });
    expect(watermarkPlacement).toMatchObject({ box: { width: 180, height: 180 }, left: true, top: false, margin: 30 });
  });
});
