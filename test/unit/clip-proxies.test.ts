import { describe, expect, it } from 'vitest';
import { proxyArgs, proxyLimits } from '../../functions/adapters/ffmpeg/footage-proxy';
import { isProxyKey, objectKeys } from '../../functions/core/files/bucket-layout';
import { objectsOf, wantsProxy } from '../../functions/core/media/media';

/** The proxy copy of a clip, its key and when one is made (the real ffmpeg runs in test/integration/clip-proxies.test.ts). */
describe('clip proxies', () => {
  it('are made for clips whose 9:16 crop is taller than the proxy frame', () => {
    const clip = { duration: 10, fps: 30 };
    expect(wantsProxy({ ...clip, width: 1920, height: 1080 })).toBe(true);
    expect(wantsProxy({ ...clip, width: 1080, height: 1920 })).toBe(true);
    expect(wantsProxy({ ...clip, width: 1280, height: 720 })).toBe(true);
    expect(wantsProxy({ ...clip, width: 640, height: 360 })).toBe(false);
    expect(wantsProxy({ ...clip, width: 360, height: 640 })).toBe(false);
    // A very tall picture's crop is as high as its width's 16/9.
    expect(wantsProxy({ ...clip, width: 300, height: 2000 })).toBe(false);
    expect(wantsProxy({ ...clip, width: null, height: null })).toBe(false);
  });

  it('are made within the upload only for up to 20 s of 1080p30 (or as many pixels)', () => {
    expect(wantsProxy({ width: 1920, height: 1080, fps: 30, duration: 20 })).toBe(true);
    expect(wantsProxy({ width: 1920, height: 1080, fps: 30, duration: 21 })).toBe(false);
    expect(wantsProxy({ width: 1920, height: 1080, fps: 60, duration: 15 })).toBe(false);
    expect(wantsProxy({ width: 1280, height: 720, fps: 30, duration: 40 })).toBe(true);
    expect(wantsProxy({ width: 3840, height: 2160, fps: 30, duration: 5 })).toBe(true);
  });

  it('live beside the original, are recognised by key only there, and go with the asset', () => {
    const key = objectKeys.mediaProxy('u1', 'a1');
    expect(key).toBe('users/u1/media/a1/proxy.mp4');
    expect(isProxyKey(key)).toBe(true);
    expect(isProxyKey('users/u1/media/a1/original.mp4')).toBe(false);
    expect(isProxyKey('users/u1/exports/proxy.mp4')).toBe(false);
    expect(isProxyKey('users/u1/media/a1/b/proxy.mp4')).toBe(false);
    expect(objectsOf({ storageKey: 'o', thumbnailKey: 't', proxyKey: key })).toEqual(['o', 't', key]);
    expect(objectsOf({ storageKey: 'o', thumbnailKey: null })).toEqual(['o']);
  });

  it('are encoded small, seekable and silent from a guarded local input', () => {
    const args = proxyArgs('/tmp/in', '/tmp/out.mp4', 60);
    const at = (flag: string) => args[args.indexOf(flag) + 1];
    expect(args).toContain('-an');
    expect(at('-protocol_whitelist')).toBe('file');
    expect(at('-preset')).toBe('ultrafast');
    expect(at('-g')).toBe(String(proxyLimits.keyframeFrames));
    expect(at('-vf')).toMatch(/^fps=15,scale=/);
    expect(proxyArgs('/tmp/in', '/tmp/out.mp4', 12)[args.indexOf('-vf') + 1]).toMatch(/^scale=/);
    expect(at('-vf')).toContain(`${proxyLimits.cropHeight}/min(ih\\,iw*16/9)`);
  });
});
