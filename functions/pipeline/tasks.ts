import type { FunctionAccess } from '../platform/access';

/**
 * The state machine's task functions, read by the CDK pipeline construct and by the local runner, so a
 * task cannot exist in one runtime only (the pipeline's counterpart of the route table).
 *
 * `substitution` is the `${Name}` placeholder in state-machine.asl.json that becomes the function's ARN
 * in the cloud; `module` names `functions/pipeline/<module>.ts`, which exports `handler`.
 */
export interface PipelineTask {
  readonly substitution: string;
  readonly module: string;
  /** Lambda timeout; keep it above the state's TimeoutSeconds. */
  readonly timeoutSeconds: number;
  readonly memorySize?: number;
  /** /tmp in MiB, for tasks that copy media locally (default 512). */
  readonly ephemeralStorageMiB?: number;
  /** Files copied beside the bundle (paths relative to functions/pipeline/). */
  readonly assets?: readonly string[];
  /** What the task touches: granted by CDK, enforced by its composition. */
  readonly access: FunctionAccess;
}

const videoTask: FunctionAccess = { table: 'read-write', bucket: 'read-write', realtime: true };

export const pipelineDefinitionFile = 'functions/pipeline/state-machine.asl.json';

export const pipelineTasks: readonly PipelineTask[] = [
  // eSpeak (WASM) or ElevenLabs, then an MP3 encode by ffmpeg.
  {
    substitution: 'SynthesizeAudioFunctionArn',
    module: 'synthesize-audio',
    timeoutSeconds: 120,
    memorySize: 1024,
    access: { ...videoTask, ffmpeg: true, secrets: ['elevenlabs'] },
  },
  { substitution: 'PlanSegmentsFunctionArn', module: 'plan-segments', timeoutSeconds: 60, access: videoTask },
  // The clips (up to 50 MB each), music, logo and the output sit in /tmp during a render: 4 GiB of it.
  // A 60 s 1080x1920 render at x264 superfast needs the CPU share of ~3 GB (Lambda gives CPU by memory) and minutes.
  {
    substitution: 'RenderVideoFunctionArn',
    module: 'render-video',
    timeoutSeconds: 900,
    memorySize: 3008,
    ephemeralStorageMiB: 4096,
    assets: ['assets/watermark.png'],
    access: { ...videoTask, ffmpeg: true },
  },
  // A parallel render: each chunk of about 5 s in its own invocation (~1.7 vCPU at 3008 MB),
  // the audio track beside them (one core), then the join (streams copied, one core is enough).
  {
    substitution: 'RenderChunkFunctionArn',
    module: 'render-chunk',
    timeoutSeconds: 300,
    memorySize: 3008,
    ephemeralStorageMiB: 2048,
    assets: ['assets/watermark.png'],
    access: { ...videoTask, ffmpeg: true },
  },
  { substitution: 'MixAudioFunctionArn', module: 'mix-audio', timeoutSeconds: 120, memorySize: 1769, access: { ...videoTask, ffmpeg: true } },
  {
    substitution: 'JoinChunksFunctionArn',
    module: 'join-chunks',
    timeoutSeconds: 180,
    memorySize: 1769,
    ephemeralStorageMiB: 2048,
    access: { ...videoTask, ffmpeg: true },
  },
  // Hands the finished video to delivery (the jobs function) without waiting for mail or webhooks, then
  // makes the proxy copies its clips lack (ffmpeg, at most 20 s; one vCPU at 1769 MB).
  {
    substitution: 'FinalizeVideoFunctionArn',
    module: 'finalize-video',
    timeoutSeconds: 60,
    memorySize: 1769,
    access: { ...videoTask, ffmpeg: true, notifiesDelivery: true },
  },
  // Hands a failed video to delivery (an automation run's owner is told).
  { substitution: 'MarkFailedFunctionArn', module: 'mark-failed', timeoutSeconds: 60, access: { ...videoTask, notifiesDelivery: true } },
];

export function taskNamed(module: string): PipelineTask {
  const task = pipelineTasks.find((candidate) => candidate.module === module);
  if (!task) throw new Error(`No pipeline task ${module}`);
  return task;
}
