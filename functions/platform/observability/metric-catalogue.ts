/**
 * The business metrics' names, units and dimensions: one list read by the EMF adapter (metrics.ts), the
 * local `/dev/metrics` and the CloudWatch dashboard and alarms (lib/constructs/observability.ts). Every
 * metric is also written without its own dimensions (only `service`), so a total and a rate need no SEARCH.
 */
export const metricNamespace = 'Reelsmith';
export const metricService = 'reelsmith';

export const metricCatalogue = {
  VideosStarted: { unit: 'Count', dimensions: [] },
  VideosCompleted: { unit: 'Count', dimensions: [] },
  VideosFailed: { unit: 'Count', dimensions: ['step'] },
  RenderSecondsPerVideoSecond: { unit: 'None', dimensions: [] },
  ChunksRendered: { unit: 'Count', dimensions: [] },
  ChunksReused: { unit: 'Count', dimensions: [] },
  VoiceOverMinutes: { unit: 'None', dimensions: [] },
  PostsPublished: { unit: 'Count', dimensions: ['platform'] },
  PostsFailed: { unit: 'Count', dimensions: ['platform', 'code'] },
  ApiCalls: { unit: 'Count', dimensions: ['routeClass'] },
  Api4xx: { unit: 'Count', dimensions: ['routeClass'] },
  Api5xx: { unit: 'Count', dimensions: ['routeClass'] },
  PlanLimitsHit: { unit: 'Count', dimensions: ['limit'] },
} as const satisfies Record<string, { unit: 'Count' | 'None'; dimensions: readonly string[] }>;

export type MetricName = keyof typeof metricCatalogue;
export type DimensionsOf<N extends MetricName> = { readonly [D in (typeof metricCatalogue)[N]['dimensions'][number]]: string };
