import { logoRect, logoSize, logoVideoFrame, type LogoBox, type LogoPosition } from '@contract/rules/logo';

/**
 * Where the logo sits in the preview: the server's rectangle on the 1080x1920 video (the same sizes,
 * margin and fitting, contract/rules/logo.ts) as percentages of the 9:16 frame, so the preview is to
 * scale at any width.
 */
export interface PreviewRect {
  left: string;
  top: string;
  width: string;
  height: string;
}

const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(3)}%`;

export function previewRect(settings: { position: LogoPosition; size: string }, image: LogoBox | undefined): PreviewRect {
  const rect = logoRect(settings, image ?? logoSize(settings.size));
  return {
    left: percent(rect.x, logoVideoFrame.width),
    top: percent(rect.y, logoVideoFrame.height),
    width: percent(rect.width, logoVideoFrame.width),
    height: percent(rect.height, logoVideoFrame.height),
  };
}

/** "158 × 60 px" for the size select. */
export function sizeCaption(name: string): string {
  const box = logoSize(name);
  return `${box.width} × ${box.height} px`;
}
