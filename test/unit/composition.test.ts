import { describe, expect, it } from 'vitest';
import { pipelineTasks, taskNamed } from '../../functions/pipeline/tasks';
import { jobsAccess, realtimeAccess, runRecoveryAccess, UndeclaredAccessError } from '../../functions/platform/access';
import { composeRunRecovery } from '../../functions/compose/run-recovery';
import { completionNoticesOf } from '../../functions/compose/runtime/completion-notices';
import { composeJobs } from '../../functions/compose/jobs';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { parseConfig } from '../../functions/platform/config';
import { areaAccess, areas, type AreaName } from '../../functions/platform/routes';
import type { EntryContext } from '../../functions/platform/entry-context';
import { composeAuth } from '../../functions/compose/auth';
import { composeDelivery } from '../../functions/compose/delivery';
import { composeMedia } from '../../functions/compose/media';
import { composeVoiceOver } from '../../functions/compose/voiceover';
import { composeVideoTask } from '../../functions/compose/pipeline';
import { composeRealtime } from '../../functions/compose/realtime';
import { composeScripts } from '../../functions/compose/scripts';
import { composeStats } from '../../functions/compose/stats';
import { composeSynthesizeAudio } from '../../functions/compose/synthesize-audio';
import { composeSystem } from '../../functions/compose/system';
import { composeVoices } from '../../functions/compose/voices';
import { automationTaskNamed } from '../../functions/automation/tasks';
import { composeBeginRun, composeDeliverRun, composeRecordFailure } from '../../functions/compose/automation';
import { composeBranding } from '../../functions/compose/branding';
import { composeBilling } from '../../functions/compose/billing';
import { composeAccount } from '../../functions/compose/account';
import { composeWorkflows } from '../../functions/compose/workflows';
import { composePublishing } from '../../functions/compose/publishing';

/** The cloud's configuration shape (nothing is called: building clients makes no request). */
const config = parseConfig({
  STAGE: 'cloud',
  APP_ORIGIN: 'https://app.example.com',
  TABLE_NAME: 'table',
  MEDIA_BUCKET: 'bucket',
  USER_POOL_ID: 'eu-west-1_pool',
  USER_POOL_CLIENT_ID: 'client',
  WS_MANAGEMENT_ENDPOINT: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod',
  STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:video',
  AUTOMATION_STATE_MACHINE_ARN: 'arn:aws:states:eu-west-1:123456789012:stateMachine:automation',
  OPENAI_API_KEY_PARAMETER: '/reelsmith/Reelsmith/openai-api-key',
  ELEVENLABS_API_KEY_PARAMETER: '/reelsmith/Reelsmith/elevenlabs-api-key',
  WEBHOOK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/webhooks',
  PUBLICATION_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/publications',
  WEBHOOK_DLQ_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/webhooks-dlq',
  SCHEDULE_GROUP: 'reelsmith',
  SCHEDULE_TARGET_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:jobs',
  SCHEDULE_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  SCHEDULE_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:schedules-dlq',
});

const composers: Record<AreaName, (context: EntryContext) => unknown> = {
  system: composeSystem,
  auth: composeAuth,
  stats: composeStats,
  scripts: composeScripts,
  voices: composeVoices,
  media: composeMedia,
  voiceover: composeVoiceOver,
  delivery: composeDelivery,
  workflows: composeWorkflows,
  branding: composeBranding,
  billing: composeBilling,
  account: composeAccount,
  publishing: composePublishing,
};

describe('composition roots', () => {
  it.each(areas)('build the %s area under exactly its declaration', (area) => {
    expect(() => composers[area]({ entry: `http:${area}`, access: areaAccess[area], config })).not.toThrow();
  });

  it('build every pipeline task and the realtime handler under their declarations', () => {
    for (const task of pipelineTasks) {
      const context = { entry: task.module, access: task.access, config };
      if (task.module === 'synthesize-audio') expect(() => composeSynthesizeAudio(context)).not.toThrow();
      else expect(() => composeVideoTask(context, 'watermark.png')).not.toThrow();
    }
    expect(() => composeRealtime({ entry: 'realtime', access: realtimeAccess, config })).not.toThrow();
    expect(() => composeJobs({ entry: 'jobs', access: jobsAccess, config })).not.toThrow();
    expect(() => completionNoticesOf({ entry: 'finalize-video', access: taskNamed('finalize-video').access, config })).not.toThrow();
    expect(() => composeBeginRun({ entry: 'begin-run', access: automationTaskNamed('begin-run').access, config })).not.toThrow();
    expect(() => composeDeliverRun({ entry: 'deliver-run', access: automationTaskNamed('deliver-run').access, config })).not.toThrow();
    expect(() => composeRecordFailure({ entry: 'record-failure', access: automationTaskNamed('record-failure').access, config })).not.toThrow();
    expect(() => composeRunRecovery({ entry: 'run-ended', access: runRecoveryAccess, config })).not.toThrow();
    // Posting: the publication worker under its declaration; without the token key it is refused.
    expect(() => publicationRunnerOf({ entry: 'publication-worker', access: publicationWorkerAccess, config })).not.toThrow();
    expect(() => publicationRunnerOf({ entry: 'publication-worker', access: { ...publicationWorkerAccess, tokenKey: false }, config })).toThrow(/tokenKey/);
    expect(() => composeJobs({ entry: 'jobs', access: { ...jobsAccess, publicationQueue: false }, config })).toThrow(/publicationQueue/);
  });

  it('refuse the workflows area and the jobs what they did not declare', () => {
    expect(() => composeWorkflows({ entry: 'http:workflows', access: { ...areaAccess.workflows, schedules: false }, config })).toThrow(/schedules/);
    expect(() => composeWorkflows({ entry: 'http:workflows', access: { ...areaAccess.workflows, startsAutomation: false }, config })).toThrow(
      /startsAutomation/,
    );
    expect(() => composeJobs({ entry: 'jobs', access: { ...jobsAccess, startsAutomation: false }, config })).toThrow(/startsAutomation/);
    const { secrets: _secrets, ...beginWithoutKey } = automationTaskNamed('begin-run').access;
    expect(() => composeBeginRun({ entry: 'begin-run', access: beginWithoutKey, config })).toThrow(/openai/);
    expect(() => composeRecordFailure({ entry: 'record-failure', access: { ...automationTaskNamed('record-failure').access, mail: false }, config })).toThrow(
      /mail/,
    );
    expect(() => composeRunRecovery({ entry: 'run-ended', access: { ...runRecoveryAccess, notifiesDelivery: false }, config })).toThrow(/notifiesDelivery/);
    expect(() => composeRunRecovery({ entry: 'run-ended', access: { ...runRecoveryAccess, bucket: 'read' }, config })).toThrow(/bucket/);
  });

  it("refuse delivery's clients to entry points that did not declare them", () => {
    expect(() => composeDelivery({ entry: 'http:delivery', access: { ...areaAccess.delivery, schedules: false }, config })).toThrow(/schedules/);
    expect(() => composeDelivery({ entry: 'http:delivery', access: { ...areaAccess.delivery, webhookQueue: false }, config })).toThrow(/webhookQueue/);
    expect(() => completionNoticesOf({ entry: 'render-video', access: taskNamed('render-video').access, config })).toThrow(/notifiesDelivery/);
  });

  it('refuse to build what an entry point did not declare', () => {
    const { secrets: _secrets, ...scriptsWithoutKeys } = areaAccess.scripts;
    expect(() => composeScripts({ entry: 'http:scripts', access: scriptsWithoutKeys, config })).toThrow(UndeclaredAccessError);
    expect(() => composeAuth({ entry: 'http:auth', access: { ...areaAccess.auth, identity: ['AdminDeleteUser'] }, config })).toThrow(/identity/);
    expect(() => composeMedia({ entry: 'http:media', access: { ...areaAccess.media, ffmpeg: false }, config })).toThrow(/ffmpeg/);
    expect(() => composeStats({ entry: 'http:stats', access: {}, config })).toThrow(/table/);
    const render = pipelineTasks.find((task) => task.module === 'render-video');
    const withoutLayer = composeVideoTask({ entry: 'render-video', access: { ...render!.access, ffmpeg: false }, config }, 'watermark.png');
    expect(() => withoutLayer.renderer).toThrow(/ffmpeg/);
  });
});
