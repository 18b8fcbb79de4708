import { DynamoScriptTemplateRepository } from '../adapters/aws/dynamo/script-template-repository';
import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import type { GenerationService } from '../core/scripts/generation-service';
import type { ScriptService } from '../core/scripts/script-service';
import { ScriptTemplateService } from '../core/scripts/template-service';
import { userLanguageOf } from '../core/users/user-language';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import type { TranslationService } from '../core/translation/translation-service';
import type { VideoRequestService } from '../core/video/video-request-service';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { scriptServiceOf, usageMeterOf } from './script-services';
import { generationOf } from './script-writer';
import { translationsOf } from './translation';
import { pipelineStarterOf } from './runtime/state-machines';
import { videoRequestsOf } from './video-requests';
import { signedInAreaOf } from './shared';

/** The scripts workspace: scripts, generation, templates, and the generate-video request. */
export interface ScriptsDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  scripts: ScriptService;
  generation: GenerationService;
  templates: ScriptTemplateService;
  videos: VideoRequestService;
  /** Re-making a script in other languages. */
  translations: TranslationService;
}

export function composeScripts(context: EntryContext): ScriptsDeps {
  const { table, sessions, apiKeys, publisher, users } = signedInAreaOf(context);
  const scripts = scriptServiceOf(context, publisher, { bucket: 'read-write', area: 'scripts' });
  const pipeline = pipelineStarterOf(context);
  const usage = usageMeterOf(context, users);
  const videos = videoRequestsOf(context, { publisher, usage, pipeline, files: objectStoreOf(context, 'read-write') });
  return {
    sessions,
    apiKeys,
    scripts,
    generation: generationOf(context, scripts, publisher, usage),
    templates: new ScriptTemplateService(new DynamoScriptTemplateRepository(table), ownedReferencesOf(table), Date.now, userLanguageOf(users)),
    videos,
    translations: translationsOf(context, { users, usage, videos, publisher }),
  };
}
