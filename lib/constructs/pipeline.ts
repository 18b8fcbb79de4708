import { readFileSync } from 'node:fs';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { Architecture, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { pipelineDefinitionFile, pipelineTasks } from '../../functions/pipeline/tasks.js';
import { fromRoot } from '../paths.js';
import type { AppResources } from './app-function.js';
import { AppFunction, functionRuntime } from './app-function.js';
import { ffmpegLayerCode, layerFliteWasmPath } from './ffmpeg-layer-assets.js';

export interface PipelineProps {
  readonly resources: AppResources;
}

/**
 * The audio-then-video pipeline: one Amazon States Language file shared with the local runner
 *, its `${…}` placeholders replaced by the task functions' ARNs, and the ffmpeg layer.
 *
 * The task functions and the layer are x86_64: the ffmpeg and ffprobe binaries come from
 * @ffmpeg-installer/@ffprobe-installer, which ship linux-x64 builds only.
 */
export class Pipeline extends Construct {
  readonly stateMachine: StateMachine;
  /** The state machine's ARN built from its name (no reference to the resource). */
  readonly stateMachineArnByName: string;
  readonly ffmpegLayer: LayerVersion;
  readonly tasks: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    this.ffmpegLayer = new LayerVersion(this, 'FfmpegLayer', {
      // ffmpeg and ffprobe from npm and the caption fonts, staged into layers/ffmpeg at synth time.
      code: ffmpegLayerCode(),
      compatibleRuntimes: [functionRuntime],
      compatibleArchitectures: [Architecture.X86_64],
      description: 'ffmpeg and ffprobe (under /opt/bin) and the caption fonts (under /opt/fonts)',
    });

    const tasks = new Map<string, AppFunction>();
    for (const task of pipelineTasks) {
      const fn = new AppFunction(this, `${pascal(task.module)}Task`, {
        entry: `functions/pipeline/${task.module}.ts`,
        description: `Reelsmith pipeline task: ${task.module}`,
        resources: props.resources,
        access: task.access,
        architecture: Architecture.X86_64,
        layers: task.access.ffmpeg ? [this.ffmpegLayer] : undefined,
        timeout: Duration.seconds(task.timeoutSeconds),
        memorySize: task.memorySize,
        ephemeralStorageMiB: task.ephemeralStorageMiB,
        environment: {
          FFMPEG_PATH: '/opt/bin/ffmpeg',
          FFPROBE_PATH: '/opt/bin/ffprobe',
          FONTS_DIR: '/opt/fonts',
          EMOJI_DIR: '/opt/emoji',
          FLITE_WASM_PATH: layerFliteWasmPath,
        },
        // Beside index.mjs, where functions/pipeline/deps.ts looks (`./assets/…` from the module).
        bundledFiles: (task.assets ?? []).map((asset) => ({ from: `functions/pipeline/${asset}`, to: asset })),
      });
      tasks.set(task.substitution, fn);
    }
    this.tasks = tasks;

    // Named, so the jobs function (which FinalizeVideo's notices invoke) can know its ARN without a
    // reference to it: a reference would make a cycle (jobs → state machine → FinalizeVideo → jobs).
    const stateMachineName = `${Stack.of(this).stackName}-video`;
    this.stateMachineArnByName = Stack.of(this).formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      // Every state's input and output in the logs, and X-Ray tracing through the tasks.
      logs: { destination: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
      definitionBody: DefinitionBody.fromString(readFileSync(fromRoot(pipelineDefinitionFile), 'utf8')),
      definitionSubstitutions: Object.fromEntries([...tasks].map(([name, fn]) => [name, fn.functionArn])),
    });
    for (const fn of tasks.values()) fn.grantInvoke(this.stateMachine);
  }
}

function pascal(name: string): string {
  return name.replace(/(^|[-_])(\w)/g, (_match: string, _sep: string, letter: string) => letter.toUpperCase());
}
