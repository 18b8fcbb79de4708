/**
 * Outside Lambda nothing is traced (tracing.ts), yet the X-Ray SDK, on load, starts its automatic mode: a
 * continuation-local namespace whose async hooks follow every promise of the process. On the local runtime
 * that made each API call about 2.5 times as costly (bench:api: 4,000 → 1,600 req/s, docs/measurements.md).
 * Manual mode skips the namespace; it must be set before the SDK is first imported, so tracing.ts imports
 * this module first. In Lambda the SDK keeps its automatic mode.
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.AWS_XRAY_MANUAL_MODE === undefined) process.env.AWS_XRAY_MANUAL_MODE = 'true';

export {};
