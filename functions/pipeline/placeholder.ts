/**
 * Placeholder task of the pipeline state machine, until the pipeline issue adds the real tasks
 * (synthesize audio, plan segments, render, finalize, fail). It passes its input through, marked.
 */
export type PlaceholderInput = Readonly<Record<string, unknown>>;

export interface PlaceholderOutput extends Record<string, unknown> {
  readonly placeholder: true;
}

export async function handler(input: PlaceholderInput): Promise<PlaceholderOutput> {
  console.log(JSON.stringify({ level: 'info', msg: 'pipeline placeholder task', keys: Object.keys(input) }));
  return { ...input, placeholder: true };
}
