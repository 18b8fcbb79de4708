import type { AppConfig } from './config';

export type ParameterReader = (name: string) => Promise<string>;

let cached: Promise<string> | undefined;

/**
 * The site's origin: APP_ORIGIN when configured; in the cloud without a custom domain, the SSM
 * parameter the stack writes once CloudFront's domain is known (read once per process).
 */
export function getAppOrigin(config: AppConfig, readParameter: ParameterReader): Promise<string> {
  if (config.APP_ORIGIN) return Promise.resolve(config.APP_ORIGIN);
  const name = config.APP_ORIGIN_PARAMETER;
  if (!name) return Promise.reject(new Error('APP_ORIGIN or APP_ORIGIN_PARAMETER must be set'));
  cached ??= readParameter(name).then((value) => value.replace(/\/$/, ''));
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
