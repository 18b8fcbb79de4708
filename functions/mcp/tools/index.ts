import { listConnectedAccounts, getPublications, publishVideo } from './publishing';
import { listMedia, listTemplates, listVoices } from './library';
import { createScript, generateScripts, getScript, listScripts } from './scripts';
import type { ServedTool } from './tool';
import { createVideo, getVideo, translateVideo } from './videos';

/** Every tool the MCP server offers, in the order an agent meets them. Their names are the contract (issue 38). */
export const mcpTools = [
  listScripts,
  getScript,
  createScript,
  generateScripts,
  createVideo,
  getVideo,
  listMedia,
  listVoices,
  listTemplates,
  listConnectedAccounts,
  publishVideo,
  getPublications,
  translateVideo,
] as const satisfies readonly ServedTool[];
