import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SearchExpression,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { metricCatalogue, metricNamespace, metricService, type MetricName } from '../../functions/platform/observability/metric-catalogue.js';

/** The failure rates the alarms fire on (percent, over 15 minutes, once there is enough traffic to judge). */
export const rateAlarmThresholds = {
  /** Videos failed / (completed + failed), with at least 3 runs ended. */
  videoFailurePercent: 20,
  /** Posts given up / (published + given up), with at least 3 posts ended. */
  postFailurePercent: 20,
  /** The API's 5xx answers / calls (as the functions counted them), with at least 20 calls. */
  api5xxPercent: 5,
} as const;

const period = Duration.minutes(15);

/** A business metric's total (its `[service]` dimension set), summed over the period. */
export function businessMetric(name: MetricName, statistic = 'Sum'): Metric {
  return new Metric({ namespace: metricNamespace, metricName: name, dimensionsMap: { service: metricService }, statistic, period });
}

/** Every breakdown of one metric (one line per value of its own dimensions): graphs only, an alarm cannot SEARCH. */
function breakdown(name: MetricName, label: string): SearchExpression {
  const dimensions = ['service', ...metricCatalogue[name].dimensions].join(',');
  return new SearchExpression({ expression: `SEARCH('{${metricNamespace},${dimensions}} MetricName="${name}"', 'Sum', ${period.toSeconds()})`, label, period });
}

/** `part` as a percentage of `whole`, 0 until `whole` reaches `atLeast` (missing values count as 0). */
function percent(id: string, part: Record<string, IMetric>, partExpr: string, wholeExpr: string, atLeast: number, label: string): MathExpression {
  return new MathExpression({
    expression: `IF(${wholeExpr} >= ${atLeast}, 100 * (${partExpr}) / (${wholeExpr}), 0)`,
    usingMetrics: part,
    period,
    label: `${label} (${id})`,
  });
}

export interface BusinessMetricsProps {
  /** The topic every alarm notifies (lib/constructs/operations.ts). */
  readonly alarmTopic: ITopic;
}

/**
 * The product's own numbers, as the functions write them (Powertools Metrics, EMF, namespace `Reelsmith`;
 * functions/platform/observability/metric-catalogue.ts): one CloudWatch dashboard, and alarms on failure
 * rates (videos, posts, API 5xx), not only on errors.
 */
export class BusinessMetrics extends Construct {
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: BusinessMetricsProps) {
    super(scope, id);
    const fill = (name: MetricName) => businessMetric(name);
    const videoFailureRate = percent(
      'videos',
      { videosFailed: fill('VideosFailed'), videosCompleted: fill('VideosCompleted') },
      'FILL(videosFailed, 0)',
      'FILL(videosCompleted, 0) + FILL(videosFailed, 0)',
      3,
      'Video failure %',
    );
    const postFailureRate = percent(
      'posts',
      { postsFailed: fill('PostsFailed'), postsPublished: fill('PostsPublished') },
      'FILL(postsFailed, 0)',
      'FILL(postsPublished, 0) + FILL(postsFailed, 0)',
      3,
      'Post failure %',
    );
    const api5xxRate = percent('api', { api5xx: fill('Api5xx'), apiCalls: fill('ApiCalls') }, 'FILL(api5xx, 0)', 'FILL(apiCalls, 0)', 20, 'API 5xx %');

    this.rateAlarm(
      'VideoFailureRate',
      videoFailureRate,
      rateAlarmThresholds.videoFailurePercent,
      props.alarmTopic,
      `Videos: more than ${rateAlarmThresholds.videoFailurePercent}% of ended runs failed`,
    );
    this.rateAlarm(
      'PostFailureRate',
      postFailureRate,
      rateAlarmThresholds.postFailurePercent,
      props.alarmTopic,
      `Posts: more than ${rateAlarmThresholds.postFailurePercent}% of ended posts were given up`,
    );
    this.rateAlarm(
      'ApiServerErrorRate',
      api5xxRate,
      rateAlarmThresholds.api5xxPercent,
      props.alarmTopic,
      `API: more than ${rateAlarmThresholds.api5xxPercent}% of calls answered 5xx`,
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(7) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: '# Reelsmith\nBusiness metrics (namespace `Reelsmith`, EMF from the functions). Locally the same numbers: `GET /dev/metrics`.',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Videos started, completed, failed', left: [fill('VideosStarted'), fill('VideosCompleted'), fill('VideosFailed')], width: 8 }),
      new GraphWidget({ title: 'Videos failed by step', left: [breakdown('VideosFailed', 'failed at')], width: 8 }),
      new GraphWidget({ title: 'Failure rates (%)', left: [videoFailureRate, postFailureRate, api5xxRate], width: 8 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Render seconds per video second',
        left: [businessMetric('RenderSecondsPerVideoSecond', 'Average'), businessMetric('RenderSecondsPerVideoSecond', 'p90')],
        width: 8,
      }),
      new GraphWidget({ title: 'Chunks rendered and reused', left: [fill('ChunksRendered'), fill('ChunksReused')], width: 8 }),
      new SingleValueWidget({ title: 'Voice-over minutes', metrics: [fill('VoiceOverMinutes')], width: 8, setPeriodToTimeRange: true }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Posts published by platform', left: [breakdown('PostsPublished', 'published')], width: 8 }),
      new GraphWidget({ title: 'Posts failed by platform and code', left: [breakdown('PostsFailed', 'failed')], width: 8 }),
      new GraphWidget({ title: 'Plan limits hit', left: [breakdown('PlanLimitsHit', 'limit')], width: 8 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API calls by route class', left: [breakdown('ApiCalls', 'calls')], width: 8 }),
      new GraphWidget({ title: 'API 4xx by route class', left: [breakdown('Api4xx', '4xx')], width: 8 }),
      new GraphWidget({ title: 'API 5xx by route class', left: [breakdown('Api5xx', '5xx')], width: 8 }),
    );
  }

  private rateAlarm(id: string, rate: MathExpression, threshold: number, topic: ITopic, description: string): void {
    const alarm = new Alarm(this, id, {
      metric: rate,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    this.alarms.push(alarm);
  }
}
