import { DynamoScheduledEmailRepository } from '../adapters/aws/dynamo/scheduled-emails';
import { DynamoStrandedRuns } from '../adapters/aws/dynamo/stranded-runs';
import { DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import { RunRecovery } from '../core/recovery/run-recovery';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { completionNoticesOf } from './runtime/completion-notices';
import { automationDeliveryOf } from './automation';
import { usageMeterOf } from './script-services';
import { realtimeOf, sessionsOf, usersOf } from './shared';
import { automationRunnerOf } from './workflows';
import { metrics } from '../platform/observability/metrics';

/**
 * Runs survive a crash: MarkFailed's parts for a video (its reserved minutes given back), RecordFailure's for an automation run
 * (delivery tells the owner), the voice-over's and the scheduled email's conditional writes. `scan`: the
 * local start's finder, a bounded Scan of the table (never in the cloud, where the ended execution names the run),
 * and no completion notices (the automation runs a notice would fail are among what it finds).
 */
export function composeRunRecovery(context: EntryContext, options: { scan?: boolean } = {}): RunRecovery {
  const table = tableOf(context, 'read-write');
  const publisher = realtimeOf(context, sessionsOf(context));
  const delivery = automationDeliveryOf(context);
  const stranded = new DynamoStrandedRuns(table);
  return new RunRecovery({
    video: {
      runs: new DynamoVideoRunStore(table),
      publisher,
      files: objectStoreOf(context, 'read-write'),
      usage: usageMeterOf(context, usersOf(context, 'read')),
      // The local start fails automation runs itself (they are found too), before any job runner is up.
      notices: options.scan ? undefined : completionNoticesOf(context),
    },
    automations: automationRunnerOf(context, 'record-failure', (run, reason) => delivery.runFailed(run, reason)),
    voiceOvers: stranded,
    emails: new DynamoScheduledEmailRepository(table),
    finder: options.scan ? stranded : undefined,
    clock: () => new Date(),
    log: logger.createChild({ persistentKeys: { area: 'run-recovery' } }),
    metrics,
  });
}
