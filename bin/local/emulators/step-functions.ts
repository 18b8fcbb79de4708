import './with-resolvers-polyfill';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { automationDefinitionFile, automationTasks, videoStateMachineSubstitution } from '../../../functions/automation/tasks';
import { pipelineDefinitionFile, pipelineTasks } from '../../../functions/pipeline/tasks';
import { logger } from '../../../functions/platform/observability/logging';
import { freePort } from '../free-port';
import { readJsonBody } from '../read-json-body';

export type TaskHandler = (input: unknown) => Promise<unknown>;

export interface RunningStepFunctions {
  endpoint: string;
  /** The video pipeline. */
  stateMachineArn: string;
  /** The automation run, which runs the video pipeline as a nested execution. */
  automationStateMachineArn: string;
  stop(): Promise<void>;
}

interface Execution {
  executionArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
  abort: () => void;
  done: Promise<void>;
}

type Json = Record<string, unknown>;

const region = 'us-east-1';
const account = '000000000000';

/** The Step Functions integration that runs another state machine and waits for it (`.sync:2`: the output as JSON). */
const startExecutionSync = 'arn:aws:states:::states:startExecution.sync:2';

interface LocalMachine {
  name: string;
  definitionFile: string;
  tasks: readonly { substitution: string; module: string }[];
}

const machines = {
  video: { name: 'reelsmith-video', definitionFile: pipelineDefinitionFile, tasks: pipelineTasks },
  automation: { name: 'reelsmith-automation', definitionFile: automationDefinitionFile, tasks: automationTasks },
} satisfies Record<string, LocalMachine>;

const machineArn = (machine: LocalMachine) => `arn:aws:states:${region}:${account}:stateMachine:${machine.name}`;

/** The ASL with each `${Substitution}` replaced by a Lambda ARN naming the task's module (or by `extra`). */
export function loadDefinition(repoRoot: string, machine: LocalMachine = machines.video, extra: Record<string, string> = {}): StateMachineDefinition {
  let text = readFileSync(join(repoRoot, machine.definitionFile), 'utf8');
  for (const task of machine.tasks) {
    text = text.split(`\${${task.substitution}}`).join(`arn:aws:lambda:${region}:${account}:function:reelsmith-${task.module}`);
  }
  for (const [name, value] of Object.entries(extra)) text = text.split(`\${${name}}`).join(value);
  return JSON.parse(text) as StateMachineDefinition;
}

/** State name → task handler, for every Task state (also inside Map and Parallel). */
function taskOverrides(definition: Json, handlers: Record<string, TaskHandler>, out: Record<string, TaskHandler> = {}): Record<string, TaskHandler> {
  const states = (definition.States ?? {}) as Record<string, Json>;
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task' && typeof state.Resource === 'string') {
      const module = state.Resource === startExecutionSync ? startExecutionSync : /function:reelsmith-([\w-]+)$/.exec(state.Resource)?.[1];
      const handler = module ? handlers[module] : undefined;
      if (!handler) throw new Error(`state ${name}: no local handler for ${state.Resource}`);
      out[name] = handler;
    }
    for (const nested of [state.ItemProcessor, state.Iterator] as unknown[])
      if (nested && typeof nested === 'object') taskOverrides(nested as Json, handlers, out);
    if (Array.isArray(state.Branches)) for (const branch of state.Branches as Json[]) taskOverrides(branch, handlers, out);
  }
  return out;
}

/** State name → milliseconds for every top-level Wait of `Seconds`, scaled like Retry intervals (tests). */
function waitsOf(definition: Json, scale: number): Record<string, number> {
  const states = (definition.States ?? {}) as Record<string, Json>;
  const waits: Record<string, number> = {};
  for (const [name, state] of Object.entries(states))
    if (state.Type === 'Wait' && typeof state.Seconds === 'number') waits[name] = Math.round(state.Seconds * 1000 * scale);
  return waits;
}

function answer(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
}

/**
 * Step Functions on one machine: a loopback server that speaks the Step Functions JSON protocol
 * (StartExecution, DescribeExecution, StopExecution), so the real `@aws-sdk/client-sfn` starts runs,
 * and runs them with `aws-local-stepfunctions` over the same ASL definitions (the video pipeline and
 * the automation run), their Task states mapped to the same handlers and the automation's nested
 * `states:startExecution.sync:2` to an execution of the video pipeline here. `retryScale` shortens
 * Retry intervals (tests).
 */
export async function startStepFunctions(options: {
  repoRoot: string;
  handlers: Record<string, TaskHandler>;
  retryScale?: number;
}): Promise<RunningStepFunctions> {
  const executions = new Map<string, Execution>();
  const loaded = new Map<
    string,
    {
      machine: LocalMachine;
      run: StateMachine;
      overrides: Record<string, TaskHandler>;
      retryIntervalOverrides: Record<string, number>;
      waitTimeOverrides: Record<string, number>;
    }
  >();

  /** The nested execution of `.sync:2`: started like any other, waited for; its failure fails the calling task. */
  const runNested: TaskHandler = async (input) => {
    const { StateMachineArn, Name, Input } = input as { StateMachineArn: string; Name?: string; Input?: unknown };
    const { executionArn } = start({ stateMachineArn: StateMachineArn, name: Name, input: JSON.stringify(Input ?? {}) });
    const execution = executions.get(String(executionArn));
    if (!execution) throw new Error('nested execution not started');
    await execution.done;
    if (execution.status !== 'SUCCEEDED') {
      throw Object.assign(new Error(JSON.stringify({ Error: execution.error, Cause: execution.cause })), {
        name: execution.status === 'TIMED_OUT' ? 'States.Timeout' : 'States.TaskFailed',
      });
    }
    return { ExecutionArn: execution.executionArn, Status: execution.status, Output: JSON.parse(execution.output ?? 'null') as unknown };
  };
  const handlers = { ...options.handlers, [startExecutionSync]: runNested };

  for (const machine of Object.values(machines)) {
    const definition = loadDefinition(options.repoRoot, machine, { [videoStateMachineSubstitution]: machineArn(machines.video) });
    const overrides = taskOverrides(definition as unknown as Json, handlers);
    const retryIntervalOverrides: Record<string, number> = {};
    if (options.retryScale !== undefined) {
      for (const name of Object.keys(overrides)) retryIntervalOverrides[name] = Math.round(1000 * options.retryScale);
    }
    const waitTimeOverrides = options.retryScale === undefined ? {} : waitsOf(definition as unknown as Json, options.retryScale);
    loaded.set(machineArn(machine), {
      machine,
      run: new StateMachine(definition, { validationOptions: { checkPaths: true, checkArn: true } }),
      overrides,
      retryIntervalOverrides,
      waitTimeOverrides,
    });
  }

  const start = (body: Json): Json => {
    const target = loaded.get(String(body.stateMachineArn));
    if (!target) throw Object.assign(new Error(`State machine does not exist: ${String(body.stateMachineArn)}`), { type: 'StateMachineDoesNotExist' });
    const name = typeof body.name === 'string' && body.name ? body.name : randomUUID();
    const executionArn = `arn:aws:states:${region}:${account}:execution:${target.machine.name}:${name}`;
    if (executions.has(executionArn)) throw Object.assign(new Error(`Execution Already Exists: '${executionArn}'`), { type: 'ExecutionAlreadyExists' });
    const input = typeof body.input === 'string' ? body.input : '{}';
    const run = target.run.run(JSON.parse(input), {
      overrides: {
        taskResourceLocalHandlers: target.overrides as never,
        ...(options.retryScale !== undefined ? { retryIntervalOverrides: target.retryIntervalOverrides, waitTimeOverrides: target.waitTimeOverrides } : {}),
      },
    });
    const execution: Execution = { executionArn, name, status: 'RUNNING', input, startDate: Date.now() / 1000, abort: run.abort, done: Promise.resolve() };
    executions.set(executionArn, execution);
    execution.done = run.result
      .then((output) => {
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output);
      })
      .catch((error: unknown) => {
        const err = error as Error & { cause?: { name?: string; message?: string } };
        execution.status = err.name === 'ExecutionTimeoutError' ? 'TIMED_OUT' : err.name === 'ExecutionAbortedError' ? 'ABORTED' : 'FAILED';
        execution.error = err.cause?.name ?? err.name;
        execution.cause = err.cause?.message ?? err.message;
        logger.warn('state machine execution ended without success', { executionArn, status: execution.status, error: execution.error });
      })
      .finally(() => {
        execution.stopDate = Date.now() / 1000;
      });
    return { executionArn, startDate: execution.startDate };
  };

  const server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
    readJsonBody(req)
      .then((body) => {
        if (target === 'StartExecution') return answer(res, 200, start(body));
        const execution = executions.get(String(body.executionArn));
        if (target === 'DescribeExecution' || target === 'StopExecution') {
          if (!execution) return answer(res, 400, { __type: 'ExecutionDoesNotExist', message: 'Execution does not exist' });
          if (target === 'StopExecution') {
            execution.abort();
            return answer(res, 200, { stopDate: Date.now() / 1000 });
          }
          const { abort: _abort, done: _done, ...described } = execution;
          return answer(res, 200, {
            ...described,
            stateMachineArn: machineArn(execution.executionArn.includes(`:${machines.automation.name}:`) ? machines.automation : machines.video),
          });
        }
        return answer(res, 400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
      })
      .catch((error: unknown) => {
        const err = error as Error & { type?: string };
        answer(res, 400, { __type: err.type ?? 'InvalidExecutionInput', message: err.message });
      });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stateMachineArn: machineArn(machines.video),
    automationStateMachineArn: machineArn(machines.automation),
    stop: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
