import type { AreaName } from '../../functions/platform/routes';
import type { HttpHandler } from '../../functions/platform/http/area-handler';

/** Each area's Lambda handler, loaded on first use like a cold start. A record, so no area is missed. */
export const areaHandlers: Record<AreaName, () => Promise<HttpHandler>> = {
  system: () => import('../../functions/http/system').then((m) => m.handler),
  auth: () => import('../../functions/http/auth').then((m) => m.handler),
  media: () => import('../../functions/http/media').then((m) => m.handler),
  stats: () => import('../../functions/http/stats').then((m) => m.handler),
  scripts: () => import('../../functions/http/scripts').then((m) => m.handler),
  voices: () => import('../../functions/http/voices').then((m) => m.handler),
};

export const realtimeHandler = () => import('../../functions/realtime/handler').then((m) => m.handler);

/** The pipeline's task modules (functions/pipeline/tasks.ts), loaded on first use. */
export const pipelineHandlers: Record<string, (input: unknown) => Promise<unknown>> = {
  placeholder: async (input) => (await import('../../functions/pipeline/placeholder')).handler(input as Record<string, unknown>),
};
