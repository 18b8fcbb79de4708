import type { LogoSettings } from '../../contract/users';
import { logoMargin, logoSize, type LogoBox } from '../../contract/rules/logo';

export { logoMargin, logoSize, logoSizeNames, type LogoSizeName } from '../../contract/rules/logo';

/**
 * Where the user's logo and the free-plan watermark sit on a 1080x1920 video (the product's (docs/product.md#logo) "Logo overlay"
 * and "Watermark"). The twelve sizes, the margin and the fitting rule are the contract's
 * (contract/rules/logo.ts), so the browser's preview uses the same numbers.
 */
export type Box = LogoBox;

/**
 * A logo is scaled to fit inside `box` (keeping its aspect ratio) and anchored to one corner,
 * `margin` pixels from both edges.
 */
export interface Placement {
  box: Box;
  left: boolean;
  top: boolean;
  margin: number;
  opacity: number;
}

export function logoPlacement(settings: Pick<LogoSettings, 'position' | 'size' | 'opacity'>): Placement {
  return {
    box: logoSize(settings.size),
    left: settings.position.endsWith('left'),
    top: settings.position.startsWith('top'),
    margin: logoMargin,
    opacity: Math.min(1, Math.max(0.1, settings.opacity)),
  };
}

/** The free plan's watermark: the logo scaled into 180x180, bottom-left, 30 px from the edges, opaque. */
export const watermarkPlacement: Placement = {
  box: { width: 180, height: 180 },
  left: true,
  top: false,
  margin: logoMargin,
  opacity: 1,
};
