import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { setMetricSink } from '../../functions/platform/observability/metrics';

/**
 * `/dev/metrics`: the business metrics of this process, as the cloud would see them. The EMF lines the
 * functions write are captured here instead of stdout and summed by metric name and dimensions (each of the
 * line's dimension sets, as CloudWatch does). Never part of the cloud stack.
 */
const emfLine = z
  .object({
    _aws: z.object({
      CloudWatchMetrics: z.array(
        z.object({
          Namespace: z.string(),
          Dimensions: z.array(z.array(z.string())),
          Metrics: z.array(z.object({ Name: z.string(), Unit: z.string().optional() })),
        }),
      ),
    }),
  })
  .catchall(z.unknown());

export interface MetricTotal {
  namespace: string;
  name: string;
  unit?: string;
  dimensions: Record<string, string>;
  /** The values added up, and how many were. */
  sum: number;
  count: number;
}

const totals = new Map<string, MetricTotal>();

function record(line: string): void {
  const parsed = emfLine.safeParse(JSON.parse(line));
  if (!parsed.success) return;
  const root = parsed.data;
  for (const directive of root._aws.CloudWatchMetrics) {
    for (const metric of directive.Metrics) {
      const value = root[metric.Name];
      if (typeof value !== 'number') continue;
      for (const set of directive.Dimensions) {
        const dimensions = Object.fromEntries(set.map((name) => [name, String(root[name])]));
        const key = JSON.stringify([directive.Namespace, metric.Name, dimensions]);
        const total = totals.get(key) ?? { namespace: directive.Namespace, name: metric.Name, unit: metric.Unit, dimensions, sum: 0, count: 0 };
        total.sum += value;
        total.count += 1;
        totals.set(key, total);
      }
    }
  }
}

/** From now on the process's metric lines are summed here (once per process; the stack calls it at start). */
export function collectDevMetrics(): void {
  setMetricSink(record);
}

export function isDevMetricsPath(pathname: string): boolean {
  return pathname === '/dev/metrics';
}

export function serveDevMetrics(res: ServerResponse): void {
  const metrics = [...totals.values()].sort((a, b) => a.name.localeCompare(b.name) || JSON.stringify(a.dimensions).localeCompare(JSON.stringify(b.dimensions)));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ metrics }));
}
