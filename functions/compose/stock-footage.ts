import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoMediaFolderRepository } from '../adapters/aws/dynamo/media-folders';
import { DynamoMediaUploadRepository } from '../adapters/aws/dynamo/media-uploads';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { PexelsStockFootage } from '../adapters/providers/pexels-stock-footage';
import { StockFootage } from '../core/media/stock-footage';
import type { Publisher } from '../core/ports/realtime';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { StockFootageSource } from '../core/ports/stock-footage';
import { allows } from '../platform/access';
import { need, type EntryContext } from '../platform/entry-context';
import { clipProxyRequestsOf } from './runtime/clip-proxy-requests';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { usersOf } from './shared';

/**
 * Stock footage for a video request: Pexels when PEXELS_API_KEY is set (in the cloud: the SecureString named
 * by PEXELS_API_KEY_PARAMETER, read on first use), nothing otherwise (sentences without a clip then get
 * generated backgrounds). The clips are kept in the user's library,
 * so the entry point writes the table and the bucket. File links are fetched through the guarded
 * fetcher; only a configured PEXELS_BASE_URL's own origin (the tests' local fake) is trusted beyond it.
 */
export function stockFootageOf(context: EntryContext, publisher?: Publisher): StockFootage | undefined {
  const { config } = context;
  const parameter = config.PEXELS_API_KEY_PARAMETER;
  if (!config.PEXELS_API_KEY && !parameter) return undefined;
  if (!config.PEXELS_API_KEY && parameter) need(context, { kind: 'secret', name: 'pexels' });
  const table = tableOf(context, 'read-write');
  const areaLog = logger.createChild({ persistentKeys: { area: 'stock-footage' } });
  const pexels = (apiKey: string) =>
    new PexelsStockFootage({
      apiKey,
      baseUrl: config.PEXELS_BASE_URL,
      files: new UrlFetcher(),
      ...(config.PEXELS_BASE_URL ? { trustedFiles: new UrlFetcher({ isAllowed: () => true }) } : {}),
    });
  const source = config.PEXELS_API_KEY ? pexels(config.PEXELS_API_KEY) : keyOnFirstUse(() => readSecretParameter(parameter ?? ''), pexels);
  return new StockFootage({
    source,
    uploads: new DynamoMediaUploadRepository(table),
    folders: new DynamoMediaFolderRepository(table),
    assets: new DynamoMediaAssetRepository(table),
    storage: objectStoreOf(context, 'read-write'),
    users: usersOf(context),
    publisher,
    // The entries that keep stock clips (those with the Pexels key) hand them to the clip-proxy job; one
    // that only gives a video back (RecordFailure) keeps none. A unit test keeps the two declarations together.
    ...(allows(context.access, { kind: 'requestsClipProxies' }) ? { proxyRequests: clipProxyRequestsOf(context) } : {}),
    log: (message, fields) => areaLog.info(message, fields),
  });
}

/**
 * A Pexels source whose key is read on first use (once per process): without a stored key it finds nothing,
 * so the video falls back to generated backgrounds as when no key is configured.
 */
export function keyOnFirstUse(readKey: () => Promise<string | undefined>, make: (apiKey: string) => StockFootageSource): StockFootageSource {
  let resolved: Promise<StockFootageSource | undefined> | undefined;
  // A failed read (SSM unreachable) is not kept: the next video tries again.
  const source = () =>
    (resolved ??= readKey().then(
      (key) => (key ? make(key) : undefined),
      (error: unknown) => {
        resolved = undefined;
        throw error;
      },
    ));
  return {
    provider: 'pexels',
    search: async (query, orientation, limit) => (await source())?.search(query, orientation, limit) ?? [],
    download: async (video, maxBytes, timeoutMs) => {
      const found = await source();
      if (!found) throw new Error('No Pexels key is stored');
      return found.download(video, maxBytes, timeoutMs);
    },
    picture: async (video, timeoutMs) => (await source())?.picture(video, timeoutMs),
  };
}
