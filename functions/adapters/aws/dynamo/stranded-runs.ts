import { z } from 'zod';
import type { StrandedRun, StrandedRunFinder, StrandedVoiceOvers } from '../../../core/ports/recovery';
import { deliveryKeys, keys, videoRunClaim, workflowKeys } from './keys';
import { where } from './entity';
import { scriptEntity } from './script-repository';
import { pagesOf, scanOnce, type StartKey, type TableRef } from './table';

const userPrefix = keys.user('');
const scriptPrefix = keys.script('');
const runPrefix = workflowKeys.run('', '').replace(/#+$/, '#');

/** The attributes the scan reads (everything else stays on the server). */
const inFlightItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  [videoRunClaim.runId]: z.string().optional(),
  audioGenerationStatus: z.string().optional(),
  status: z.string().optional(),
  scheduleId: z.string().optional(),
  period: z.string().optional(),
  test: z.boolean().optional(),
  id: z.string().optional(),
});
type InFlightItem = z.infer<typeof inFlightItemSchema>;
const inFlightAttributes = ['pk', 'sk', videoRunClaim.runId, 'audioGenerationStatus', 'status', 'scheduleId', 'period', 'test', 'id'];

/** Scripts with a run's claim or a voice-over being made, runs still running, emails still sending. */
const inFlight = where.and(
  where.beginsWith('pk', userPrefix),
  where.or(
    where.and(where.beginsWith('sk', scriptPrefix), where.or(where.exists(videoRunClaim.runId), where.eq('audioGenerationStatus', 'generating'))),
    where.and(where.beginsWith('sk', runPrefix), where.eq('status', 'running')),
    where.and(where.beginsWith('sk', deliveryKeys.scheduledEmailPrefix), where.eq('status', 'sending')),
  ),
);

export interface StrandedRunScanOptions {
  /** Items read per page (DynamoDB reads at most 1 MB a page anyway). */
  pageSize?: number;
  /** At most this many items are read in all: the scan is bounded however large the table grows. */
  maxItems?: number;
}

/**
 * What the local start fails: scripts still holding a video run's claim or making a voice-over,
 * automation runs still `running`, scheduled emails still `sending`. Found by a paginated Scan of the whole
 * table with a filter, bounded by `maxItems`: acceptable on the local stack only (a developer's table, read
 * once at start). The cloud never scans: its recovery is told which execution ended (functions/jobs/run-ended.ts).
 */
export class DynamoStrandedRuns implements StrandedRunFinder, StrandedVoiceOvers {
  private readonly pageSize: number;
  private readonly maxItems: number;

  constructor(
    private readonly table: TableRef,
    options: StrandedRunScanOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 1000;
    this.maxItems = options.maxItems ?? 1_000_000;
  }

  async *inFlight(): AsyncIterable<StrandedRun> {
    let read = 0;
    const scan = (start: StartKey | undefined) =>
      scanOnce(this.table, { limit: Math.min(this.pageSize, this.maxItems - read), filter: inFlight, attributes: inFlightAttributes }, start);
    for await (const page of pagesOf(scan)) {
      read += page.ScannedCount ?? 0;
      for (const raw of page.Items ?? []) {
        const item = inFlightItemSchema.safeParse(raw);
        if (item.success) yield* strandedOf(item.data);
      }
      if (read >= this.maxItems) break;
    }
  }

  async failVoiceOver(userId: string, scriptId: string, reason: string, now: string): Promise<boolean> {
    return scriptEntity.updateIf(
      this.table,
      { userId, id: scriptId },
      {
        set: { audioGenerationStatus: 'failed', audioGenerationError: reason, updatedAt: now },
        condition: where.eq('audioGenerationStatus', 'generating'),
      },
    );
  }
}

function* strandedOf(item: InFlightItem): Generator<StrandedRun> {
  const userId = item.pk.slice(userPrefix.length);
  if (item.sk.startsWith(scriptPrefix)) {
    const scriptId = item.sk.slice(scriptPrefix.length);
    const runId = item[videoRunClaim.runId];
    if (runId) yield { kind: 'video', userId, scriptId, runId };
    if (item.audioGenerationStatus === 'generating') yield { kind: 'audio', userId, scriptId };
  } else if (item.sk.startsWith(runPrefix) && item.scheduleId && item.period) {
    yield { kind: 'automation', userId, scheduleId: item.scheduleId, period: item.period, test: item.test ?? false };
  } else if (item.sk.startsWith(deliveryKeys.scheduledEmailPrefix)) {
    yield { kind: 'email', userId, id: item.id ?? item.sk.slice(deliveryKeys.scheduledEmailPrefix.length) };
  }
}
