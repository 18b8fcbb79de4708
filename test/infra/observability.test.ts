import { describe, expect, it } from 'vitest';
import { rateAlarmThresholds } from '../../lib/constructs/business-metrics.js';
import { metricCatalogue, metricNamespace } from '../../functions/platform/observability/metric-catalogue.js';
import { entriesOf, synthStack } from './support/stack.js';

/** The business metrics in the synthesized stack: one dashboard with every metric, alarms on failure rates, X-Ray on. */
const { template } = synthStack();
const alarmsDescribed = (pattern: RegExp) =>
  entriesOf(template, 'AWS::CloudWatch::Alarm')
    .map(([, alarm]) => alarm.Properties ?? {})
    .filter((alarm) => pattern.test(String(alarm.AlarmDescription)));

/** The dashboard's body: CloudFormation's Fn::Join of literal parts and references, read as its literal text. */
function dashboardBody(): string {
  const dashboards = entriesOf(template, 'AWS::CloudWatch::Dashboard');
  expect(dashboards).toHaveLength(1);
  const body = dashboards[0]![1].Properties?.DashboardBody as unknown;
  const literal = (part: unknown): string =>
    typeof part === 'string'
      ? part
      : Array.isArray(part)
        ? part.map(literal).join('')
        : typeof part === 'object' && part !== null
          ? Object.values(part).map(literal).join('')
          : '';
  return literal(body);
}

/** An alarm's metric math: its expression and the metric names it reads. */
function mathOf(alarm: Record<string, unknown>): { expression: string; metrics: string[] } {
  const queries = alarm.Metrics as Array<{
    Expression?: string;
    MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: string }[] } };
  }>;
  const expression = queries.find((query) => query.Expression)?.Expression ?? '';
  const metrics = queries.flatMap((query) => (query.MetricStat ? [`${query.MetricStat.Metric.Namespace}/${query.MetricStat.Metric.MetricName}`] : []));
  return { expression, metrics: metrics.sort() };
}

describe('the business metrics dashboard', () => {
  it('graphs every metric of the catalogue in the Reelsmith namespace', () => {
    const body = dashboardBody();
    for (const name of Object.keys(metricCatalogue)) expect(body, name).toContain(name);
    expect(body).toContain(`"${metricNamespace}"`);
    expect(body).toContain('Videos failed by step');
    expect(body).toContain('Posts failed by platform and code');
    expect(body).toContain('API calls by route class');
  });
});

describe('alarms on failure rates', () => {
  it('fire on failed / (completed + failed) videos, with metric math', () => {
    const [alarm] = alarmsDescribed(/^Videos: more than/);
    expect(alarm).toBeDefined();
    const math = mathOf(alarm!);
    expect(math.metrics).toEqual(['Reelsmith/VideosCompleted', 'Reelsmith/VideosFailed']);
    expect(math.expression).toMatch(/100 \* \(FILL\(videosFailed, 0\)\) \/ \(FILL\(videosCompleted, 0\) \+ FILL\(videosFailed, 0\)\)/);
    expect(alarm!.Threshold).toBe(rateAlarmThresholds.videoFailurePercent);
  });

  it('fire on failed / (published + failed) posts', () => {
    const [alarm] = alarmsDescribed(/^Posts: more than/);
    const math = mathOf(alarm!);
    expect(math.metrics).toEqual(['Reelsmith/PostsFailed', 'Reelsmith/PostsPublished']);
    expect(math.expression).toMatch(/FILL\(postsFailed, 0\)\) \/ \(FILL\(postsPublished, 0\) \+ FILL\(postsFailed, 0\)\)/);
    expect(alarm!.Threshold).toBe(rateAlarmThresholds.postFailurePercent);
  });

  it("fire on the API's 5xx rate as the functions counted it", () => {
    const [alarm] = alarmsDescribed(/^API: more than/);
    const math = mathOf(alarm!);
    expect(math.metrics).toEqual(['Reelsmith/Api5xx', 'Reelsmith/ApiCalls']);
    expect(math.expression).toMatch(/FILL\(api5xx, 0\)\) \/ \(FILL\(apiCalls, 0\)\)/);
    expect(alarm!.Threshold).toBe(rateAlarmThresholds.api5xxPercent);
  });
});

describe('X-Ray', () => {
  it("traces every function of the app actively (CDK's own custom-resource handlers aside)", () => {
    const functions = entriesOf(template, 'AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));
    expect(functions.length).toBeGreaterThan(10);
    for (const [id, fn] of functions) expect(fn.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
  });
});
