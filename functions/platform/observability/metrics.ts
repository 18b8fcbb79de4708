import { Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { Metrics } from '../../core/ports/metrics';
import { metricCatalogue, metricNamespace, metricService, type MetricName } from './metric-catalogue';

/**
 * The business metrics as CloudWatch Embedded Metric Format lines, built by Powertools' Metrics: one line
 * per event, holding its metrics under two dimension sets, `[service]` (the totals the alarms divide) and
 * `[service, ...its own]` (the breakdown the dashboard shows). Built, serialized and cleared in one
 * synchronous call, so invocations running at once (the local runtime) never mix their dimensions.
 */
export type MetricSink = (line: string) => void;

const toStdout: MetricSink = (line) => process.stdout.write(`${line}\n`);
/** In Lambda the lines go to stdout, where CloudWatch Logs extracts them; elsewhere nowhere, unless a sink is set. */
let sink: MetricSink | undefined = process.env.AWS_LAMBDA_FUNCTION_NAME ? toStdout : undefined;

/** The local runtime collects the lines (for `/dev/metrics`); tests may read them; undefined drops them. */
export function setMetricSink(next: MetricSink | undefined): void {
  sink = next;
}

const emf = new PowertoolsMetrics({ namespace: metricNamespace, serviceName: metricService });

/** Writes one EMF line: `values` (metrics of one event) with `dimensions` (empty values become `unknown`). */
export function emitMetrics(values: Partial<Record<MetricName, number>>, dimensions: Readonly<Record<string, string>> = {}): void {
  if (!sink) return;
  const own = Object.fromEntries(Object.entries(dimensions).map(([name, value]) => [name, value.trim() === '' ? 'unknown' : value.slice(0, 250)]));
  try {
    emf.addDimensions({});
    if (Object.keys(own).length > 0) emf.addDimensions(own);
    for (const [name, value] of Object.entries(values) as [MetricName, number][]) {
      if (Number.isFinite(value)) emf.addMetric(name, metricCatalogue[name].unit, value);
    }
    const line = JSON.stringify(emf.serializeMetrics());
    sink(line);
  } finally {
    emf.clearMetrics();
    emf.clearDimensions();
  }
}

const statusClass = (status: number) => ({ Api4xx: status >= 400 && status < 500 ? 1 : 0, Api5xx: status >= 500 ? 1 : 0 });

/** The Metrics port over EMF. */
export const metrics: Metrics = {
  videoStarted: () => emitMetrics({ VideosStarted: 1 }),
  videoCompleted: (renderSecondsPerVideoSecond) => emitMetrics({ VideosCompleted: 1, RenderSecondsPerVideoSecond: renderSecondsPerVideoSecond }),
  videoFailed: (step) => emitMetrics({ VideosFailed: 1 }, { step }),
  chunkRendered: (reused) => emitMetrics({ ChunksRendered: 1, ChunksReused: reused ? 1 : 0 }),
  voiceOverMade: (minutes) => emitMetrics({ VoiceOverMinutes: minutes }),
  postPublished: (platform) => emitMetrics({ PostsPublished: 1 }, { platform }),
  postFailed: (platform, code) => emitMetrics({ PostsFailed: 1 }, { platform, code }),
  apiCall: (routeClass, status) => emitMetrics({ ApiCalls: 1, ...statusClass(status) }, { routeClass }),
  planLimitHit: (limit) => emitMetrics({ PlanLimitsHit: 1 }, { limit }),
};
