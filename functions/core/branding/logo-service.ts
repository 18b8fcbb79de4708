import { logoImageType, logoMaxBytes, logoMessages, logoUrlPrefix, roundOpacity, type LogoImageType } from '../../contract/rules/logo';
import type { LogoSettings, LogoState } from '../../contract/users';
import { ConflictError, FileTooLargeError, InvalidMediaError, NotAuthenticatedError, NotFoundError, UnsupportedFileTypeError } from '../errors';
import { objectKeys } from '../files/bucket-layout';
import { logoObjectKey, ownUrlSeconds } from '../files/owned-files';
import type { UserRepository } from '../ports/accounts';
import type { LogoRasterizer, RasterizeLimits } from '../ports/branding';
import { UnreadableMediaError } from '../ports/media';
import type { ObjectStore } from '../ports/object-store';
import { defaultLogoSettings, type User } from '../users/user';
import { isSvgType, looksLikeMarkup, sniffLogo } from './logo-file';

/**
 * The logo overlay (Logo): one logo per user, stored as a PNG under
 * `users/<id>/logo/<uuid>.png` and named in the user record as `/api/logo/<uuid>.png`; its settings in
 * `logoSettings`. The render reads both when it runs (core/video/render-step.ts), so every video made
 * after a change uses it.
 */

/** Decoding bounds: 40 megapixels in (a small file may claim a huge canvas), 1200 px a side out (the largest box is 600x228). */
export const logoRasterLimits: RasterizeLimits = { maxSourcePixels: 40_000_000, maxSide: 1200 };

export const logoRefusals = {
  svg: 'SVG logos are not accepted: upload a PNG, JPEG, WebP or GIF image',
  otherImage: 'Upload a PNG, JPEG, WebP or GIF image',
  empty: 'The logo file is empty',
  notWhatItClaims: (type: LogoImageType) => `The file is not a valid ${type.slice('image/'.length).toUpperCase()} image`,
  unreadable: 'The logo could not be read as an image',
  noLogo: 'Upload a logo first',
} as const;

export interface LogoUpload {
  fileName: string;
  contentType: string | undefined;
  bytes: Uint8Array;
}

export interface LogoServiceDeps {
  users: Pick<UserRepository, 'get' | 'update'>;
  store: Pick<ObjectStore, 'put' | 'delete' | 'presignGet'>;
  rasterizer: LogoRasterizer;
  newId: () => string;
  log: (message: string, fields: Record<string, unknown>) => void;
}

const stateOf = (user: Pick<User, 'logoUrl' | 'logoSettings'>): LogoState => ({ logoUrl: user.logoUrl, logoSettings: user.logoSettings });

/** The stored logo object a user's logoUrl names, only when it is one this service wrote (never a media asset). */
function storedLogoKey(user: Pick<User, 'id' | 'logoUrl'>): string | undefined {
  if (!user.logoUrl?.startsWith(logoUrlPrefix)) return undefined;
  const key = logoObjectKey(user.id, user.logoUrl.slice(logoUrlPrefix.length));
  return key?.startsWith(objectKeys.logo(user.id, '')) ? key : undefined;
}

export class LogoService {
  constructor(private readonly deps: LogoServiceDeps) {}

  private async user(userId: string): Promise<User> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    return user;
  }

  /**
   * Checks the declared type (image/* only, SVG refused: 415), the size (2 MB: 413), the magic numbers
   * against the declared type and a real decode (422), then stores the PNG and names it in the user record;
   * the previous logo's file is deleted once the record names the new one. Nothing is stored for a refusal.
   */
  async upload(userId: string, file: LogoUpload): Promise<LogoState> {
    const declared = file.contentType?.toLowerCase();
    if (isSvgType(declared)) throw new UnsupportedFileTypeError(logoMessages.invalidType, logoRefusals.svg, 'LOGO_SVG');
    if (!declared?.startsWith('image/')) throw new UnsupportedFileTypeError(logoMessages.invalidType, undefined, 'LOGO_TYPE');
    const type = logoImageType(declared);
    if (!type) throw new UnsupportedFileTypeError(logoMessages.invalidType, logoRefusals.otherImage, 'LOGO_TYPE');
    if (file.bytes.byteLength > logoMaxBytes) throw new FileTooLargeError(logoMessages.tooLarge, { maxBytes: logoMaxBytes }, 'LOGO_TOO_LARGE');
    if (file.bytes.byteLength === 0) throw new InvalidMediaError(logoRefusals.empty, undefined, 'LOGO_INVALID');
    const sniffed = sniffLogo(file.bytes);
    if (!sniffed && looksLikeMarkup(file.bytes)) throw new UnsupportedFileTypeError(logoMessages.invalidType, logoRefusals.svg, 'LOGO_SVG');
    if (sniffed !== type) throw new InvalidMediaError(logoRefusals.notWhatItClaims(type), undefined, 'LOGO_INVALID');

    let png: Uint8Array;
    try {
      ({ png } = await this.deps.rasterizer.rasterize(file.bytes, type, logoRasterLimits));
    } catch (error) {
      if (error instanceof UnreadableMediaError) {
        this.deps.log('logo refused', { userId, type, reason: error.message });
        throw new InvalidMediaError(logoRefusals.unreadable, undefined, 'LOGO_INVALID');
      }
      throw error;
    }

    const before = await this.user(userId);
    const fileName = `${this.deps.newId()}.png`;
    const key = logoObjectKey(userId, fileName);
    if (!key) throw new Error('the logo id is not a UUID');
    await this.deps.store.put(key, png, 'image/png');
    let after: User;
    try {
      after = await this.deps.users.update(userId, { logoUrl: `${logoUrlPrefix}${fileName}` });
    } catch (error) {
      await this.deps.store.delete([key]).catch(() => undefined);
      throw error;
    }
    const previous = storedLogoKey(before);
    if (previous && previous !== key) await this.forget(userId, previous);
    this.deps.log('logo uploaded', { userId, bytes: file.bytes.byteLength, pngBytes: png.byteLength, type });
    return stateOf(after);
  }

  /** Saves any of position, size, opacity, enabled (validated by the contract), keeping the rest; 409 without a logo. */
  async updateSettings(userId: string, patch: Partial<LogoSettings>): Promise<LogoState> {
    const user = await this.user(userId);
    if (!user.logoUrl) throw new ConflictError(logoRefusals.noLogo, undefined, 'NO_LOGO');
    const logoSettings: LogoSettings = { ...user.logoSettings, ...patch };
    logoSettings.opacity = roundOpacity(logoSettings.opacity);
    return stateOf(await this.deps.users.update(userId, { logoSettings }));
  }

  /** Deletes the file and clears the logo: logoUrl null and the settings back to the product's (docs/product.md#logo) defaults ("removal clears it"). Idempotent. */
  async remove(userId: string): Promise<LogoState> {
    const user = await this.user(userId);
    const key = storedLogoKey(user);
    const after = user.logoUrl || user.logoSettings.enabled ? await this.deps.users.update(userId, { logoUrl: null, logoSettings: defaultLogoSettings }) : user;
    if (key) await this.forget(userId, key);
    return stateOf(after);
  }

  /** GET /api/logo/{file}: a short-lived presigned GET of the caller's current logo; 404 for anything else (another user's, an old one). */
  async fileUrl(userId: string, file: string): Promise<string> {
    const user = await this.user(userId);
    const key = storedLogoKey(user);
    if (!key || user.logoUrl !== `${logoUrlPrefix}${file}`) throw new NotFoundError('File not found');
    return this.deps.store.presignGet(key, ownUrlSeconds);
  }

  private async forget(userId: string, key: string): Promise<void> {
    await this.deps.store.delete([key]).catch((error: unknown) => this.deps.log('old logo not deleted', { userId, key, error: String(error) }));
  }
}
