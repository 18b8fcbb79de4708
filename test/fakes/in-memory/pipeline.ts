import type { PipelineExecution, PipelineStarter } from '../../../functions/core/ports/pipeline';

/** The state machine's start: each execution name once (Step Functions refuses a second start of a running name), or a start that fails. */
export class MemoryPipeline implements PipelineStarter {
  readonly started: { name: string; input: object }[] = [];
  /** Set to make the next starts fail (the service is down). */
  failure: Error | undefined;

  start(name: string, input: object): Promise<PipelineExecution> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.started.some((execution) => execution.name === name)) return Promise.reject(new Error(`ExecutionAlreadyExists: ${name}`));
    this.started.push({ name, input });
    return Promise.resolve({ executionId: `arn:execution:${name}` });
  }
}
