import { describe, expect, it } from 'vitest';
import { fitClips, planRender } from '../../functions/adapters/ffmpeg/render';
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

  it('stretches the last segment to the voice-over and loops short clips', () => {
    expect(fitClips(request.clips, 5).map((c) => c.duration)).toEqual([2, 3]);
    expect(args.join(' ')).toContain('-stream_loop -1 -ss 1 -t 2 -protocol_whitelist file -format_whitelist mov,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe -i file:/media/a.mp4');
    expect(args.join(' ')).toContain('-loop 1 -framerate 30 -t 3 -protocol_whitelist file -format_whitelist mov,mp3,wav,aac,flac,image2,png_pipe,jpeg_pipe,webp_pipe -i file:/media/b.jpg');
  });

  it('burns the captions last, always with fontsdir, and mixes the music at its volume', () => {
    expect(graph).toContain('[wm]subtitles=filename=/tmp/w/captions.ass:fontsdir=/tmp/fonts/archivo-black[vout]');
    expect(graph).toContain('volume=0.4[music]');
    expect(graph).toContain('amix=inputs=2:duration=first');
    expect(ass).toContain('Style: Caption,Archivo Black,');
  });

  it('burns no captions when they are turned off (a video template may), and keeps the rest of the graph', () => {
    const off = planRender({ request: { ...request, captions: parseCaptionSettings({ enabled: false }) }, assPath: '/tmp/w/captions.ass', fontName: 'Archivo Black', fontsDir: '/tmp/fonts/archivo-black' });
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

describe('logo sizes and places', () => {
  it('spans the spec’s twelve sizes from 60x22 to 600x228', () => {
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
