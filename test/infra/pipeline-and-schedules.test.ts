import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { pipelineDefinitionFile, pipelineTasks } from '../../functions/pipeline/tasks.js';
import { fromRoot } from '../../lib/paths.js';
import { functionRuntime } from '../../lib/constructs/app-function.js';
import { entriesOf, synthStack } from './support/stack.js';

const { template } = synthStack();

interface AslState {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Retry?: { ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Next?: string;
  Default?: string;
  Choices?: { Next: string }[];
  ItemsPath?: string;
  MaxConcurrency?: number;
  Branches?: AslMachine[];
  ItemProcessor?: AslMachine;
  Iterator?: AslMachine;
}
interface AslMachine {
  StartAt: string;
  States: Record<string, AslState>;
}

function tasksOf(machine: AslMachine): [string, AslState][] {
  return Object.entries(machine.States).flatMap(([name, state]) => [
    ...(state.Type === 'Task' ? [[name, state] as [string, AslState]] : []),
    ...(state.Branches ?? []).flatMap(tasksOf),
    ...[state.ItemProcessor, state.Iterator].filter((inner): inner is AslMachine => inner !== undefined).flatMap(tasksOf),
  ]);
}

const definition = JSON.parse(readFileSync(fromRoot(pipelineDefinitionFile), 'utf8')) as AslMachine;

describe('pipeline definition', () => {
  it('gives every task a retry with backoff, a timeout and a catch (those of the parallel render through their Parallel state)', () => {
    const tasks = tasksOf(definition);
    expect(tasks.length).toBeGreaterThan(0);
    for (const [name, state] of tasks) {
      expect(state.TimeoutSeconds, `${name} TimeoutSeconds`).toBeGreaterThan(0);
      expect(
        state.Retry?.some((retry) => (retry.BackoffRate ?? 0) > 1 && (retry.MaxAttempts ?? 0) > 0),
        `${name} Retry with backoff`,
      ).toBe(true);
      const caught = state.Catch ?? (['RenderChunk', 'MixAudio'].includes(name) ? definition.States.RenderInParallel?.Catch : undefined);
      expect(
        caught?.some((c) => c.ErrorEquals.includes('States.ALL')),
        `${name} Catch States.ALL`,
      ).toBe(true);
    }
  });

  it('runs SynthesizeAudio → PlanSegments → (RenderVideo, or the chunks beside the audio track → JoinChunks) → FinalizeVideo, every Catch leading to MarkFailed and then to a Fail state', () => {
    const path = (choice: 'Default' | 'Chunks') => {
      const order: string[] = [];
      for (let name: string | undefined = definition.StartAt; name;) {
        order.push(name);
        const state: AslState | undefined = definition.States[name];
        name = state?.Type === 'Choice' ? (choice === 'Default' ? state.Default : state.Choices?.[0]?.Next) : state?.Next;
      }
      return order;
    };
    expect(path('Default')).toEqual(['SynthesizeAudio', 'PlanSegments', 'ChooseRender', 'RenderVideo', 'FinalizeVideo']);
    expect(path('Chunks')).toEqual(['SynthesizeAudio', 'PlanSegments', 'ChooseRender', 'RenderInParallel', 'JoinChunks', 'FinalizeVideo']);
    const [chunks, audio] = definition.States.RenderInParallel?.Branches ?? [];
    expect(chunks?.States.RenderChunks).toMatchObject({ Type: 'Map', ItemsPath: '$.plan.chunks', MaxConcurrency: 40 });
    expect(audio?.States.MixAudio).toMatchObject({ Type: 'Task', Resource: '${MixAudioFunctionArn}' });
    const order = [...new Set([...path('Default'), ...path('Chunks')])].filter((name) => name !== 'ChooseRender');
    for (const name of order)
      expect(
        definition.States[name]?.Catch?.map((c) => c.Next),
        name,
      ).toEqual(['MarkFailed']);
    const markFailed = definition.States.MarkFailed as AslState & { Next?: string };
    expect(markFailed.Type).toBe('Task');
    expect(markFailed.Next).toBe('Failed');
    expect(markFailed.Catch?.map((c) => c.Next)).toEqual(['Failed']);
    expect(definition.States.Failed?.Type).toBe('Fail');
  });

  it("keeps each task's Lambda timeout above its state's TimeoutSeconds", () => {
    const byArn = new Map(pipelineTasks.map((task) => [`\${${task.substitution}}`, task]));
    for (const [name, state] of tasksOf(definition)) {
      const task = byArn.get(state.Resource ?? '');
      expect(task, name).toBeDefined();
      expect(task!.timeoutSeconds, name).toBeGreaterThan(state.TimeoutSeconds ?? Infinity);
    }
  });

  it('names only substitutions the task table defines', () => {
    const known = new Set(pipelineTasks.map((task) => task.substitution));
    const used = [...JSON.stringify(definition).matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(known, name).toContain(name);
  });
});

describe('pipeline resources', () => {
  it('creates the state machine from the definition file, with each task function ARN substituted', () => {
    // The video pipeline and the automation run (test/infra/automation.test.ts).
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 2);
    const [[, machine] = []] = entriesOf(template, 'AWS::StepFunctions::StateMachine').filter(
      ([, candidate]) => candidate.Properties?.StateMachineName === 'Reelsmith-video',
    );
    const substitutions = machine?.Properties?.DefinitionSubstitutions as Record<string, unknown>;
    for (const task of pipelineTasks) {
      expect(substitutions[task.substitution]).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Pipeline\w*Task/), 'Arn'] });
    }
    expect(JSON.parse(machine?.Properties?.DefinitionString as string)).toEqual(definition);
  });

  it('lets the state machine invoke its task functions', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('^PipelineStateMachineRole') }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'lambda:InvokeFunction' })]) },
    });
  });

  it('publishes the ffmpeg layer for x86_64 and attaches it to the x86_64 tasks that declare ffmpeg, and to no other task', () => {
    template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['x86_64'],
      CompatibleRuntimes: [functionRuntime.name],
    });
    for (const task of pipelineTasks) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Reelsmith pipeline task: ${task.module}`,
        Architectures: ['x86_64'],
        Layers: task.access.ffmpeg ? [{ Ref: Match.stringLikeRegexp('^PipelineFfmpegLayer') }] : Match.absent(),
        Environment: { Variables: Match.objectLike({ FFMPEG_PATH: '/opt/bin/ffmpeg', FONTS_DIR: '/opt/fonts' }) },
      });
    }
    expect(
      pipelineTasks
        .filter((task) => task.access.ffmpeg)
        .map((task) => task.module)
        .sort(),
    ).toEqual(['finalize-video', 'join-chunks', 'mix-audio', 'render-chunk', 'render-video', 'synthesize-audio']);
  });

  it('gives the render enough memory, time and /tmp for a 60 s video', () => {
    const [[, render] = []] = entriesOf(template, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties?.Description === 'Reelsmith pipeline task: render-video',
    );
    expect(render?.Properties?.MemorySize).toBeGreaterThanOrEqual(3008);
    expect(render?.Properties?.Timeout).toBeGreaterThanOrEqual(600);
    expect((render?.Properties?.EphemeralStorage as { Size?: number } | undefined)?.Size).toBeGreaterThanOrEqual(2048);
  });
});

describe('schedules', () => {
  it('runs the jobs tick every minute', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SchedulesTick'), 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SchedulesTick'), 'Arn'] },
    });
  });
});
