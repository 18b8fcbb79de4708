// First: the X-Ray SDK's mode is read when it loads (xray-mode.ts).
import './xray-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { z } from 'zod';
import { traceIdSchema } from '../../core/video/run';
import { withLogFields } from './logging';

/**
 * X-Ray through Powertools' Tracer. It traces only inside Lambda with active tracing (it turns itself off
 * elsewhere, and `POWERTOOLS_TRACE_ENABLED=false` turns it off anywhere): locally every call here is a
 * no-op, with no daemon and no "missing context" noise.
 */
export const tracer = new Tracer({ serviceName: 'reelsmith' });

/** An AWS SDK v3 client whose calls appear as X-Ray subsegments (the same client, untouched, when tracing is off). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

const xrayRoot = /(?:^|;)\s*Root=([\w-]{1,100})/;

/** The X-Ray trace's root (`1-5759e988-bd862e3fe1be46a994272793`) in a trace header, if it has one. */
export function xrayRootOf(header: string | undefined): string | undefined {
  return header ? xrayRoot.exec(header)?.[1] : undefined;
}

/**
 * The trace id of an HTTP request: the X-Ray trace's root when the request carries one (the
 * `x-amzn-trace-id` header, else the Lambda's own trace, as Powertools reads it), else the request's id.
 * Locally neither exists, so it is the request id. It goes into the logs of the request and of the runs it starts.
 */
export function traceIdOfRequest(traceHeader: string | undefined, requestId: string): string {
  return xrayRootOf(traceHeader) ?? tracer.getRootXrayTraceId() ?? requestId;
}

const tracedEvent = z.object({ traceId: traceIdSchema });

/** Runs a state-machine task with its execution's `traceId` (when its input has one) on every log line it writes. */
export function withTraceOf<T>(event: unknown, work: () => Promise<T>): Promise<T> {
  const traced = tracedEvent.safeParse(event);
  return withLogFields(traced.success ? { traceId: traced.data.traceId } : {}, work);
}
