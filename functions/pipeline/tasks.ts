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
}

export const pipelineDefinitionFile = 'functions/pipeline/state-machine.asl.json';

export const pipelineTasks: readonly PipelineTask[] = [{ substitution: 'PlaceholderFunctionArn', module: 'placeholder', timeoutSeconds: 60 }];
