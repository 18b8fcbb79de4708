import { randomUUID } from 'node:crypto';
import { FfmpegLogoRasterizer } from '../adapters/ffmpeg/logo-rasterizer';
import { LogoService } from '../core/branding/logo-service';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { need, type EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { logger } from '../platform/observability/logging';
import { bearerAuthOf, sessionsOf, usersOf } from './shared';

/** The logo overlay: the file (checked and rasterised by ffmpeg) and its settings. */
export interface BrandingDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  logos: LogoService;
}

export function composeBranding(context: EntryContext): BrandingDeps {
  need(context, { kind: 'ffmpeg' });
  const areaLog = logger.createChild({ persistentKeys: { area: 'branding' } });
  return {
    sessions: sessionsOf(context),
    apiKeys: bearerAuthOf(context),
    logos: new LogoService({
      users: usersOf(context),
      store: objectStoreOf(context, 'read-write'),
      rasterizer: new FfmpegLogoRasterizer(),
      newId: randomUUID,
      log: (message, fields) => areaLog.info(message, fields),
    }),
  };
}
