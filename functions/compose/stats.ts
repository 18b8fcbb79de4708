import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoVoiceRepository } from '../adapters/aws/dynamo/voice-repository';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { StatsService } from '../core/stats/stats-service';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { scriptRepositoryOf } from './script-services';
import { bearerAuthOf, sessionsOf, usersOf } from './shared';

/** Plans and usage. */
export interface StatsDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  stats: StatsService;
}

export function composeStats(context: EntryContext): StatsDeps {
  const table = tableOf(context, 'read');
  return {
    sessions: sessionsOf(context),
    apiKeys: bearerAuthOf(context),
    stats: new StatsService({
      users: usersOf(context, 'read'),
      scripts: scriptRepositoryOf(context, 'read'),
      media: new DynamoMediaAssetRepository(table),
      voices: new DynamoVoiceRepository(table),
    }),
  };
}
