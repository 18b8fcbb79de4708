import { describe, expect, it } from 'vitest';
import { isOpacityStep, logoFileProblem, logoImageType, logoRect, logoSize, logoSizeNames, roundOpacity } from '../../functions/contract/rules/logo';
import { logoSettingsSchema, updateLogoSettingsSchema } from '../../functions/contract/users';
import { looksLikeMarkup, sniffLogo } from '../../functions/core/branding/logo-file';
import { ownKeyOf } from '../../functions/core/files/owned-files';
import { defaultLogoSettings } from '../../functions/core/users/user';
import { logoKeyOf } from '../../functions/core/video/render-step';

const file = '0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('logo rules shared by the browser and the render', () => {
  it('has twelve sizes from 60x22 to 600x228, evenly spaced, each even and growing', () => {
    expect(logoSizeNames).toHaveLength(12);
    const boxes = logoSizeNames.map(logoSize);
    expect(boxes[0]).toEqual({ width: 60, height: 22 });
    expect(boxes[2]).toEqual({ width: 158, height: 60 });
    expect(boxes[11]).toEqual({ width: 600, height: 228 });
    for (const [i, box] of boxes.entries()) {
      expect((box.width % 2) + (box.height % 2)).toBe(0);
      if (i > 0) expect(box.width).toBeGreaterThan(boxes[i - 1]?.width ?? 0);
    }
  });

  it('fits a picture into its box, 30 px from the corner, as ffmpeg does', () => {
    expect(logoRect({ position: 'bottom-right', size: 'medium' }, { width: 200, height: 200 })).toEqual({
      x: 1080 - 60 - 30,
      y: 1920 - 60 - 30,
      width: 60,
      height: 60,
    });
    expect(logoRect({ position: 'top-left', size: 'ultimate' }, { width: 1200, height: 200 })).toEqual({ x: 30, y: 30, width: 600, height: 100 });
  });

  it('takes opacity 0.1 to 1 in steps of 0.1 only', () => {
    for (let i = 1; i <= 10; i++) expect(isOpacityStep(i / 10)).toBe(true);
    expect(isOpacityStep(0.1 + 0.2)).toBe(true);
    expect(roundOpacity(0.1 + 0.2)).toBe(0.3);
    for (const bad of [0, 0.05, 0.25, 1.1, Number.NaN]) expect(isOpacityStep(bad)).toBe(false);
    expect(logoSettingsSchema.safeParse({ ...defaultLogoSettings, opacity: 0.25 }).success).toBe(false);
    expect(logoSettingsSchema.safeParse({ ...defaultLogoSettings, size: 'big' }).success).toBe(false);
    expect(updateLogoSettingsSchema.safeParse({ logoSettings: { opacity: 0.4 } }).success).toBe(true);
    expect(updateLogoSettingsSchema.safeParse({ logoSettings: {} }).success).toBe(false);
  });

  it('checks a file in the browser with the documented messages', () => {
    expect(logoFileProblem({ type: 'text/plain', size: 10 })).toBe('Invalid file type');
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Invalid file type');
    expect(logoFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('Logo file must be under 2MB');
    expect(logoFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(logoImageType('image/jpg')).toBe('image/jpeg');
  });

  it('knows the four raster types by their magic numbers and markup by its first character', () => {
    expect(sniffLogo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogo(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffLogo(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffLogo(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(looksLikeMarkup(new TextEncoder().encode('\uFEFF  \n<svg/>'))).toBe(true);
    expect(looksLikeMarkup(new TextEncoder().encode('hello'))).toBe(false);
  });

  it("renders the stored logo by its /api/logo path, only the user's own and only when enabled", () => {
    expect(ownKeyOf('U1', `/api/logo/${file}`)).toBe(`users/U1/logo/${file}`);
    expect(ownKeyOf('U1', '/api/logo/../../U2/logo.png')).toBeUndefined();
    const user = { id: 'U1', logoUrl: `/api/logo/${file}`, logoSettings: { ...defaultLogoSettings, enabled: true } };
    expect(logoKeyOf(user)).toBe(`users/U1/logo/${file}`);
    expect(logoKeyOf({ ...user, logoSettings: defaultLogoSettings })).toBeUndefined();
  });
});
