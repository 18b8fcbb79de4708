import { describe, expect, it } from 'vitest';
import { automationTasks } from '../../functions/automation/tasks.js';
import { pipelineTasks } from '../../functions/pipeline/tasks.js';
import { areas } from '../../functions/platform/routes.js';
import { bundledEach } from './support/bundle.js';

/**
 * Each function carries only what it uses: every entry point is bundled as the CDK bundles
 * it, its size printed, and bounded. Before one composition root per entry point, every bundle was
 * about 7.6 MB (the ElevenLabs SDK alone 4.8 MB, inlined everywhere).
 */
// Powertools (Logger, Metrics, Tracer with the X-Ray SDK it wraps) adds 0.15–0.16 MB to every bundle
// (docs/decisions/observability.md); the bounds it pushed over were raised by a quarter MB, no more.
const entries: { entry: string; limitMb: number }[] = [
  // delivery carries the mail templates (react-email, about 0.8 MB) and the Scheduler and SQS clients;
  // voices clones through the ElevenLabs SDK, as the voice-over speaks through it; account deletes
  // a closed account's cloned voices through it.
  // The account area also revokes the connected platform accounts at closing.
  ...areas.map((area) => ({
    entry: `functions/http/${area}.ts`,
    limitMb: area === 'account' ? 7.5 : ['voiceover', 'voices'].includes(area) ? 7.25 : area === 'delivery' ? 3 : 2.75,
  })),
  { entry: 'functions/realtime/handler.ts', limitMb: 1.5 },
  // The MCP server: the MCP SDK (with ajv), zod, the contract's schemas and the log; no AWS SDK (0.93 MB).
  { entry: 'functions/mcp/handler.ts', limitMb: 1.25 },
  // The jobs also write the weekly scripts (the OpenAI SDK) and mail them.
  { entry: 'functions/jobs/tick.ts', limitMb: 3.5 },
  { entry: 'functions/jobs/scheduled-job.ts', limitMb: 3.5 },
  { entry: 'functions/jobs/webhook-worker.ts', limitMb: 2 },
  // Posting: the ledger, the platforms' posters, the token sealer, S3 ranged reads, the webhook queue.
  { entry: 'functions/jobs/publication-worker.ts', limitMb: 3 },
  { entry: 'functions/jobs/mail-feedback.ts', limitMb: 1.5 },
  // Fails a run through MarkFailed's and RecordFailure's paths (the latter mails: react-email).
  { entry: 'functions/jobs/run-ended.ts', limitMb: 3.25 },
  { entry: 'functions/jobs/clip-proxies.ts', limitMb: 1.5 },
  ...pipelineTasks.map((task) => ({ entry: `functions/pipeline/${task.module}.ts`, limitMb: task.module === 'synthesize-audio' ? 7 : 2 })),
  // BeginRun writes scripts (the OpenAI SDK); Deliver and RecordFailure mail (react-email).
  ...automationTasks.map((task) => ({ entry: `functions/automation/${task.module}.ts`, limitMb: 3.25 })),
];

describe('function bundles', () => {
  it(
    'stay within the bound of each entry point, and only the functions that speak, clone or delete clones carry the ElevenLabs SDK',
    { timeout: 240_000 },
    async () => {
      const sizes: Record<string, number> = {};
      const withElevenLabs: string[] = [];
      const bundles = await bundledEach(entries.map(({ entry }) => entry));
      for (const { entry } of entries) {
        const bundle = bundles.get(entry);
        if (!bundle) throw new Error(`${entry} was not bundled`);
        sizes[entry] = bundle.bytes;
        if (bundle.inputs.some((input) => input.includes('@elevenlabs/'))) withElevenLabs.push(entry);
      }
      const lines = entries.map(({ entry, limitMb }) => `${entry.padEnd(44)} ${(sizes[entry]! / 1e6).toFixed(2).padStart(6)} MB  (bound ${limitMb} MB)`);
      process.stdout.write(`\nbundle sizes\n${lines.join('\n')}\n`);
      for (const { entry, limitMb } of entries) expect(sizes[entry], entry).toBeLessThan(limitMb * 1e6);
      expect(withElevenLabs.sort()).toEqual([
        'functions/http/account.ts',
        'functions/http/voiceover.ts',
        'functions/http/voices.ts',
        'functions/pipeline/synthesize-audio.ts',
      ]);
    },
  );
});
