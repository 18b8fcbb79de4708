export interface PipelineExecution {
  executionId: string;
}

/** Starts a run of the audio-then-video state machine (Step Functions; locally the same definition). */
export interface PipelineStarter {
  start(name: string, input: object): Promise<PipelineExecution>;
}
