import './with-resolvers-polyfill';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { pipelineDefinitionFile, pipelineTasks } from '../../../functions/pipeline/tasks';
import { logger } from '../../../functions/platform/logger';
import { freePort } from '../free-port';
import { readJsonBody } from '../read-json-body';

export type TaskHandler = (input: unknown) => Promise<unknown>;

export interface RunningStepFunctions {
  endpoint: string;
  stateMachineArn: string;
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
}

type Json = Record<string, unknown>;

const region = 'us-east-1';
const account = '000000000000';

/** The ASL with each `${Substitution}` replaced by a Lambda ARN naming the task's module. */
export function loadDefinition(repoRoot: string): StateMachineDefinition {
  let text = readFileSync(join(repoRoot, pipelineDefinitionFile), 'utf8');
  for (const task of pipelineTasks) {
    text = text.split(`\${${task.substitution}}`).join(`arn:aws:lambda:${region}:${account}:function:reelsmith-${task.module}`);
  }
  return JSON.parse(text) as StateMachineDefinition;
}

/** State name → task handler, for every Task state (also inside Map and Parallel). */
function taskOverrides(definition: Json, handlers: Record<string, TaskHandler>, out: Record<string, TaskHandler> = {}): Record<string, TaskHandler> {
  const states = (definition.States ?? {}) as Record<string, Json>;
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task' && typeof state.Resource === 'string') {
      const module = /function:reelsmith-([\w-]+)$/.exec(state.Resource)?.[1];
      const handler = module ? handlers[module] : undefined;
      if (!handler) throw new Error(`state ${name}: no local handler for ${state.Resource}`);
      out[name] = handler;
    }
    for (const nested of [state.ItemProcessor, state.Iterator] as unknown[]) if (nested && typeof nested === 'object') taskOverrides(nested as Json, handlers, out);
    if (Array.isArray(state.Branches)) for (const branch of state.Branches as Json[]) taskOverrides(branch, handlers, out);
  }
  return out;
}

function answer(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
}

/**
 * Step Functions on one machine: a loopback server that speaks the Step Functions JSON protocol
 * (StartExecution, DescribeExecution, StopExecution), so the real `@aws-sdk/client-sfn` starts runs,
 * and runs them with `aws-local-stepfunctions` over the same ASL definition, its Task states mapped
 * to the same handlers. `retryScale` shortens Retry intervals (tests).
 */
export async function startStepFunctions(options: { repoRoot: string; handlers: Record<string, TaskHandler>; retryScale?: number }): Promise<RunningStepFunctions> {
  const definition = loadDefinition(options.repoRoot);
  const overrides = taskOverrides(definition as unknown as Json, options.handlers);
  const machine = new StateMachine(definition, { validationOptions: { checkPaths: true, checkArn: true } });
  const stateMachineArn = `arn:aws:states:${region}:${account}:stateMachine:reelsmith-pipeline`;
  const executions = new Map<string, Execution>();
  const retryIntervalOverrides: Record<string, number> = {};
  if (options.retryScale !== undefined) {
    for (const name of Object.keys(overrides)) retryIntervalOverrides[name] = Math.round(1000 * options.retryScale);
  }

  const start = (body: Json): Json => {
    const name = typeof body.name === 'string' && body.name ? body.name : randomUUID();
    const executionArn = `arn:aws:states:${region}:${account}:execution:reelsmith-pipeline:${name}`;
    if (executions.has(executionArn)) throw Object.assign(new Error(`Execution Already Exists: '${executionArn}'`), { type: 'ExecutionAlreadyExists' });
    const input = typeof body.input === 'string' ? body.input : '{}';
    const run = machine.run(JSON.parse(input), {
      overrides: { taskResourceLocalHandlers: overrides as never, ...(options.retryScale !== undefined ? { retryIntervalOverrides } : {}) },
    });
    const execution: Execution = { executionArn, name, status: 'RUNNING', input, startDate: Date.now() / 1000, abort: run.abort };
    executions.set(executionArn, execution);
    run.result
      .then((output) => {
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output);
      })
      .catch((error: unknown) => {
        const err = error as Error & { cause?: { name?: string; message?: string } };
        execution.status = err.name === 'ExecutionTimeoutError' ? 'TIMED_OUT' : err.name === 'ExecutionAbortedError' ? 'ABORTED' : 'FAILED';
        execution.error = err.cause?.name ?? err.name;
        execution.cause = err.cause?.message ?? err.message;
        logger.warn('pipeline execution ended without success', { executionArn, status: execution.status, error: execution.error });
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
          const { abort: _abort, ...described } = execution;
          return answer(res, 200, { ...described, stateMachineArn });
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
    stateMachineArn,
    stop: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
