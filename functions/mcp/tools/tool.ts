import type { z } from 'zod';
import type { RestClient } from '../rest-client';

/** What a tool's run gets: the REST API with the caller's key, and the API's origin (for absolute file URLs). */
export interface ToolContext {
  api: RestClient;
  apiUrl: string;
  /** Waits (get_video's polling); tests pass a fake clock. */
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

/** A tool's answer: its structured content (checked by the SDK against `output`) and one short line for the text content. */
export interface ToolAnswer<O extends z.ZodObject> {
  structured: z.input<O>;
  text: string;
}

/**
 * One MCP tool: its name (the contract), a description an agent can act on (what it does, when, what comes
 * back, what to call next), zod schemas in and out, and its run over the REST API.
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  readOnly: boolean;
  /** Reaches outside Reelsmith (posting to a platform). */
  openWorld?: boolean;
  run(args: z.output<I>, context: ToolContext): Promise<ToolAnswer<O>>;
}

/** A tool as the server registers it: the SDK has checked the arguments against `input` before `call` runs. */
export interface ServedTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodObject;
  readOnly: boolean;
  openWorld?: boolean;
  call(args: unknown, context: ToolContext): Promise<{ structured: Record<string, unknown>; text: string }>;
}

/** Keeps each tool's argument and answer types tied to its own schemas, and gives the server its untyped face. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool<I, O> & ServedTool {
  return {
    ...tool,
    // The SDK parsed `args` with `tool.input` (its output type) before calling.
    call: async (args, context) => {
      const answer = await tool.run(args as z.output<I>, context);
      return { structured: answer.structured as Record<string, unknown>, text: answer.text };
    },
  };
}
