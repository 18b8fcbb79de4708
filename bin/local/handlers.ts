import { availableParallelism } from 'node:os';
import { limited } from './limited';
import type { AreaName } from '../../functions/platform/routes';
import type { HttpHandler } from '../../functions/platform/http/area-handler';

/** Each area's Lambda handler, loaded on first use like a cold start. A record, so no area is missed. */
export const areaHandlers: Record<AreaName, () => Promise<HttpHandler>> = {
  system: () => import('../../functions/http/system').then((m) => m.handler),
  auth: () => import('../../functions/http/auth').then((m) => m.handler),
  media: () => import('../../functions/http/media').then((m) => m.handler),
  stats: () => import('../../functions/http/stats').then((m) => m.handler),
  scripts: () => import('../../functions/http/scripts').then((m) => m.handler),
  voices: () => import('../../functions/http/voices').then((m) => m.handler),
  voiceover: () => import('../../functions/http/voiceover').then((m) => m.handler),
  delivery: () => import('../../functions/http/delivery').then((m) => m.handler),
  workflows: () => import('../../functions/http/workflows').then((m) => m.handler),
  branding: () => import('../../functions/http/branding').then((m) => m.handler),
  billing: () => import('../../functions/http/billing').then((m) => m.handler),
  account: () => import('../../functions/http/account').then((m) => m.handler),
  publishing: () => import('../../functions/http/publishing').then((m) => m.handler),
};

/** The jobs: what EventBridge Scheduler targets (one scheduled job) and the every-minute tick. */
export const scheduledJobHandler = () => import('../../functions/jobs/scheduled-job').then((m) => m.handler);
export const tickHandler = () => import('../../functions/jobs/tick').then((m) => m.handler);
/** The publication worker's runner: the local queue's consumer and the sweep. */
export const publicationWorkerHandler = () => import('../../functions/jobs/publication-worker').then((m) => m.composePublicationWorker);
/** The webhook worker's attempts: the local webhook queue's consumer. */
export const webhookAttemptsHandler = () => import('../../functions/jobs/webhook-worker').then((m) => m.composeWebhookAttemptsOnce);
/** The clip-proxy job's handler: the local runner of clips kept without a proxy copy. */
export const clipProxyJobHandler = () => import('../../functions/jobs/clip-proxies').then((m) => m.handler);

/** The MCP server's function (`/mcp`). */
export const mcpHandler = () => import('../../functions/mcp/handler').then((m) => m.handler);

export const realtimeHandler = () => import('../../functions/realtime/handler').then((m) => m.handler);

type TaskHandler = (input: unknown) => Promise<unknown>;

/**
 * Local runs only (never deployed: bin/ is not bundled into any function): tests make a task fail a
 * number of times before it runs, or always, or replace it, to exercise the state machine's Retry and
 * Catch with the real handlers around it.
 */
export interface TaskFault {
  /** How many calls fail before the real handler runs again; Infinity fails every call. */
  failures: number;
  message?: string;
  /** The error's name (what Retry/Catch match); plain `Error` by default, which is retried. */
  name?: string;
  /** Calls seen so far (failed or not). */
  calls: number;
}
const faults = new Map<string, TaskFault>();
const replacements = new Map<string, TaskHandler>();
/** Tasks held back: a call waits here until the test releases it (or clears the hooks). */
const holds = new Map<string, { released: Promise<void>; release: () => void }>();

export const pipelineTestHooks = {
  fail(module: string, fault: Omit<TaskFault, 'calls'>): TaskFault {
    const entry = { ...fault, calls: 0 };
    faults.set(module, entry);
    return entry;
  },
  replace(module: string, handler: TaskHandler): void {
    replacements.set(module, handler);
  },
  /**
   * Holds every call of a task until the returned function is called: a state that ends by itself (a render's
   * progress) stays on screen for as long as a test needs to look at it, however fast the machine is.
   */
  hold(module: string): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entry = {
      released,
      release: () => {
        if (holds.get(module) === entry) holds.delete(module);
        release();
      },
    };
    holds.set(module, entry);
    return entry.release;
  },
  clear(): void {
    faults.clear();
    replacements.clear();
    for (const entry of [...holds.values()]) entry.release();
  },
};

function local(module: string, load: () => Promise<TaskHandler>): TaskHandler {
  return async (input) => {
    await holds.get(module)?.released;
    const fault = faults.get(module);
    if (fault) {
      fault.calls += 1;
      if (fault.calls <= fault.failures) {
        throw Object.assign(new Error(fault.message ?? `injected failure of ${module} (call ${fault.calls})`), { name: fault.name ?? 'Error' });
      }
    }
    return (replacements.get(module) ?? (await load()))(input);
  };
}

/** The pipeline's task modules (functions/pipeline/tasks.ts), loaded on first use. */
export const pipelineHandlers: Record<string, TaskHandler> = {
  'synthesize-audio': local('synthesize-audio', async () => (await import('../../functions/pipeline/synthesize-audio')).handler),
  'plan-segments': local('plan-segments', async () => (await import('../../functions/pipeline/plan-segments')).handler),
  'render-video': local('render-video', async () => (await import('../../functions/pipeline/render-video')).handler),
  'render-chunk': limited(
    availableParallelism(),
    local('render-chunk', async () => (await import('../../functions/pipeline/render-chunk')).handler),
  ),
  'mix-audio': local('mix-audio', async () => (await import('../../functions/pipeline/mix-audio')).handler),
  'join-chunks': local('join-chunks', async () => (await import('../../functions/pipeline/join-chunks')).handler),
  'finalize-video': local('finalize-video', async () => (await import('../../functions/pipeline/finalize-video')).handler),
  'mark-failed': local('mark-failed', async () => (await import('../../functions/pipeline/mark-failed')).handler),
};

/** The automation run's task modules (functions/automation/tasks.ts), loaded on first use. */
export const automationHandlers: Record<string, TaskHandler> = {
  'begin-run': local('begin-run', async () => (await import('../../functions/automation/begin-run')).handler),
  'deliver-run': local('deliver-run', async () => (await import('../../functions/automation/deliver-run')).handler),
  'publish-run': local('publish-run', async () => (await import('../../functions/automation/publish-run')).handler),
  'check-published': local('check-published', async () => (await import('../../functions/automation/check-published')).handler),
  'record-failure': local('record-failure', async () => (await import('../../functions/automation/record-failure')).handler),
};
