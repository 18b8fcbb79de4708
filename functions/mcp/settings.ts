import { z } from 'zod';

/**
 * The MCP function's one setting: the origin of the REST API its tools call. In the cloud the stack sets the
 * HTTP API's own endpoint; locally `bin/local/stack.ts` sets the local server's origin. Never taken from a
 * request's Host header: the caller's key would follow it.
 */
const settingsSchema = z.object({ MCP_API_URL: z.url({ protocol: /^https?$/ }) });

export function mcpApiUrl(env: Record<string, string | undefined> = process.env): string {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) throw new Error('MCP_API_URL must be set to the REST API origin (http(s)://host[:port])');
  return parsed.data.MCP_API_URL.replace(/\/+$/, '');
}
