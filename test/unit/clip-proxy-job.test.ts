import { describe, expect, it } from 'vitest';
import { automationTasks } from '../../functions/automation/tasks';
import { clipProxyJobs, clipProxyJobSchema } from '../../functions/core/media/clip-proxies';
import { InProcessQueue } from '../../functions/adapters/local/in-process-queue';
import type { ClipProxyJob } from '../../functions/core/media/clip-proxies';
import { pipelineTasks } from '../../functions/pipeline/tasks';
import { clipProxyJobAccess, type FunctionAccess } from '../../functions/platform/access';
import { areaAccess } from '../../functions/platform/routes';

/** The background job that copies clips kept without a proxy. */
describe('the clip-proxy job', () => {
  it('splits a request into distinct clips, one pass each, as the schema takes them', () => {
    const ids = Array.from({ length: 23 }, (_, i) => `a${i % 21}`);
    const jobs = clipProxyJobs('u1', ids);
    expect(jobs.map((job) => job.assetIds.length)).toEqual([10, 10, 1]);
    for (const job of jobs) expect(clipProxyJobSchema.parse(job)).toEqual(job);
    expect(clipProxyJobSchema.safeParse({ kind: 'clip-proxies', userId: 'u1', assetIds: [] }).success).toBe(false);
  });

  it('runs locally after the caller has its answer, one job at a time', async () => {
    // The local queue as compose/runtime/local-queues.ts makes it for clip proxies: one at a time.
    const jobs = new InProcessQueue<ClipProxyJob>({ concurrency: 1 });
    expect(jobs.hasConsumer).toBe(false);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    jobs.consumeWith(async (job) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(job.assetIds.join());
      running -= 1;
    });
    for (const job of [...clipProxyJobs('u1', ['a']), ...clipProxyJobs('u1', ['b'])]) await jobs.enqueue(job, 0);
    expect(order).toEqual([]);
    await jobs.idle();
    expect(order).toEqual(['a', 'b']);
    expect(most).toBe(1);
  });

  it('is requested by every entry that keeps stock clips, and touches only the table, the bucket and ffmpeg', () => {
    const declarations: FunctionAccess[] = [
      ...Object.values(areaAccess),
      ...pipelineTasks.map((task) => task.access),
      ...automationTasks.map((task) => task.access),
    ];
    for (const access of declarations) if (access.secrets?.includes('pexels')) expect(access.requestsClipProxies).toBe(true);
    expect(areaAccess.media.requestsClipProxies).toBe(true);
    expect(clipProxyJobAccess).toEqual({ table: 'read-write', bucket: 'read-write', ffmpeg: true });
  });
});
