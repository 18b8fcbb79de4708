import { afterEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { emitMetrics, metrics, setMetricSink } from '../../functions/platform/observability/metrics';
import { metricCatalogue } from '../../functions/platform/observability/metric-catalogue';
import { failedStepOf } from '../../functions/pipeline/mark-failed';
import { collectDevMetrics, serveDevMetrics, type MetricTotal } from '../../bin/local/dev-metrics';

/** The business metrics: one EMF line per event, under `[service]` and `[service, ...its dimensions]`. */
let lines: Array<Record<string, unknown>> = [];
const capture = () => {
  lines = [];
  setMetricSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
};
afterEach(() => setMetricSink(undefined));

interface Directive {
  Namespace: string;
  Dimensions: string[][];
  Metrics: { Name: string; Unit: string }[];
}
const directiveOf = (line: Record<string, unknown>) => (line._aws as { CloudWatchMetrics: Directive[] }).CloudWatchMetrics[0]!;

describe('metric emission', () => {
  it('writes an EMF line in the Reelsmith namespace, with the total and the breakdown as dimension sets', () => {
    capture();
    metrics.videoFailed('render');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(directiveOf(line!)).toEqual({
      Namespace: 'Reelsmith',
      Dimensions: [['service'], ['service', 'step']],
      Metrics: [{ Name: 'VideosFailed', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ service: 'reelsmith', step: 'render', VideosFailed: 1 });
    expect(typeof (line!._aws as { Timestamp: unknown }).Timestamp).toBe('number');
  });

  it('counts an API call by route class, with 4xx and 5xx beside it (0 or 1) so their rates need no search', () => {
    capture();
    metrics.apiCall('scripts', 200);
    metrics.apiCall('scripts', 404);
    metrics.apiCall('media', 503);
    expect(lines.map(({ routeClass, ApiCalls, Api4xx, Api5xx }) => ({ routeClass, ApiCalls, Api4xx, Api5xx }))).toEqual([
      { routeClass: 'scripts', ApiCalls: 1, Api4xx: 0, Api5xx: 0 },
      { routeClass: 'scripts', ApiCalls: 1, Api4xx: 1, Api5xx: 0 },
      { routeClass: 'media', ApiCalls: 1, Api4xx: 0, Api5xx: 1 },
    ]);
  });

  it('names every metric of the catalogue with its unit, and never writes an empty dimension or a non-finite value', () => {
    capture();
    metrics.videoStarted();
    metrics.videoCompleted(1.5);
    metrics.videoCompleted(Number.NaN);
    metrics.chunkRendered(false);
    metrics.voiceOverMade(0.5);
    metrics.postPublished('tiktok');
    metrics.postFailed('youtube', '');
    metrics.planLimitHit('DAILY_POST_LIMIT');
    const named = lines.flatMap((line) => directiveOf(line).Metrics);
    for (const { Name, Unit } of named) expect(metricCatalogue[Name as keyof typeof metricCatalogue].unit).toBe(Unit);
    expect(lines[1]).toMatchObject({ VideosCompleted: 1, RenderSecondsPerVideoSecond: 1.5 });
    expect(lines[2]).not.toHaveProperty('RenderSecondsPerVideoSecond');
    expect(lines[3]).toMatchObject({ ChunksRendered: 1, ChunksReused: 0 });
    expect(lines[6]).toMatchObject({ platform: 'youtube', code: 'unknown', PostsFailed: 1 });
    expect(directiveOf(lines[6]!).Dimensions).toEqual([['service'], ['service', 'platform', 'code']]);
  });

  it('writes nothing without a sink (outside Lambda, unless the local runtime collects them)', () => {
    setMetricSink(undefined);
    expect(() => emitMetrics({ VideosStarted: 1 })).not.toThrow();
  });
});

describe('the step a video run failed at', () => {
  it('is read from what the failing state carried', () => {
    const run = { userId: 'u', scriptId: 's', runId: 'r' };
    expect(failedStepOf(run)).toBe('synthesize-audio');
    expect(failedStepOf({ ...run, audio: {} })).toBe('plan-segments');
    expect(failedStepOf({ ...run, audio: {}, plan: {} })).toBe('render');
    expect(failedStepOf({ ...run, audio: {}, plan: {}, render: {} })).toBe('join-chunks');
    expect(failedStepOf({ ...run, audio: {}, plan: {}, video: {} })).toBe('finalize-video');
  });
});

describe('/dev/metrics', () => {
  it('sums the lines by metric name and dimension set', () => {
    collectDevMetrics();
    const read = (): MetricTotal[] => {
      let body = '';
      serveDevMetrics({ writeHead: () => undefined, end: (text: string) => (body = text) } as unknown as ServerResponse);
      return (JSON.parse(body) as { metrics: MetricTotal[] }).metrics;
    };
    const find = (totals: MetricTotal[], name: string, dimensions: Record<string, string>) =>
      totals.find((total) => total.name === name && JSON.stringify(total.dimensions) === JSON.stringify(dimensions))?.sum ?? 0;
    const before = read();
    metrics.apiCall('unit-test-class', 200);
    metrics.apiCall('unit-test-class', 500);
    metrics.voiceOverMade(0.25);
    metrics.voiceOverMade(0.5);
    const after = read();
    expect(find(after, 'ApiCalls', { service: 'reelsmith', routeClass: 'unit-test-class' })).toBe(2);
    expect(find(after, 'Api5xx', { service: 'reelsmith', routeClass: 'unit-test-class' })).toBe(1);
    expect(find(after, 'ApiCalls', { service: 'reelsmith' }) - find(before, 'ApiCalls', { service: 'reelsmith' })).toBe(2);
    expect(find(after, 'VoiceOverMinutes', { service: 'reelsmith' }) - find(before, 'VoiceOverMinutes', { service: 'reelsmith' })).toBeCloseTo(0.75);
  });
});
