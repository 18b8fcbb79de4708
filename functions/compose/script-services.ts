import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import { DynamoScriptRepository } from '../adapters/aws/dynamo/script-repository';
import { DynamoUsageCounters } from '../adapters/aws/dynamo/usage-counters';
import { UsageMeter } from '../core/plans/usage-meter';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import { ScriptService } from '../core/scripts/script-service';
import { userLanguageOf } from '../core/users/user-language';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { usersOf } from './shared';

/**
 * The services several entry points share, each built in one place: the scripts' repository, the plan's
 * usage meter and ScriptService (the workspace, the weekly email, automation). Script generation is
 * `generationOf` in `script-writer.ts`, so only the entries that write carry the writer's SDK.
 */

/** The scripts over the table; `read` where the entry only reads them (stats). */
export function scriptRepositoryOf(context: EntryContext, mode: 'read' | 'read-write' = 'read-write'): DynamoScriptRepository {
  return new DynamoScriptRepository(tableOf(context, mode));
}

/** The plan's meter (script tokens, audio and video minutes) over the profile's counters. */
export function usageMeterOf(context: EntryContext, users: UserRepository = usersOf(context)): UsageMeter {
  return new UsageMeter({ users, counters: new DynamoUsageCounters(tableOf(context, 'read-write')) });
}

/**
 * ScriptService. `bucket` is what the entry declares: the workspace removes a script's files
 * (`read-write`); the jobs and automation only create scripts (`read`).
 */
export function scriptServiceOf(context: EntryContext, publisher: Publisher, options: { bucket: 'read' | 'read-write'; area: string }): ScriptService {
  return new ScriptService(scriptRepositoryOf(context), publisher, {
    references: ownedReferencesOf(tableOf(context, 'read-write')),
    files: objectStoreOf(context, options.bucket),
    log: logger.createChild({ persistentKeys: { area: options.area } }),
    userLanguage: userLanguageOf(usersOf(context)),
  });
}
