import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoMediaFolderRepository } from '../adapters/aws/dynamo/media-folders';
import { DynamoMediaUploadRepository } from '../adapters/aws/dynamo/media-uploads';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { PexelsStockFootage } from '../adapters/providers/pexels-stock-footage';
import { StockFootage } from '../core/media/stock-footage';
import type { Publisher } from '../core/ports/realtime';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/logger';
import { usersOf } from './shared';

/**
 * Stock footage for a video request: Pexels when PEXELS_API_KEY is set, nothing otherwise
 * (sentences without a clip then get generated backgrounds). The clips are kept in the user's library,
 * so the entry point writes the table and the bucket. File links are fetched through the guarded
 * fetcher; only a configured PEXELS_BASE_URL's own origin (the tests' local fake) is trusted beyond it.
 */
export function stockFootageOf(context: EntryContext, publisher?: Publisher): StockFootage | undefined {
  const { config } = context;
  if (!config.PEXELS_API_KEY) return undefined;
  const table = tableOf(context, 'read-write');
  const areaLog = logger.child({ area: 'stock-footage' });
  const source = new PexelsStockFootage({
    apiKey: config.PEXELS_API_KEY,
    baseUrl: config.PEXELS_BASE_URL,
    files: new UrlFetcher(),
    ...(config.PEXELS_BASE_URL ? { trustedFiles: new UrlFetcher({ isAllowed: () => true }) } : {}),
  });
  return new StockFootage({
    source,
    uploads: new DynamoMediaUploadRepository(table),
    folders: new DynamoMediaFolderRepository(table),
    assets: new DynamoMediaAssetRepository(table),
    storage: objectStoreOf(context, 'read-write'),
    users: usersOf(context),
    publisher,
    log: (message, fields) => areaLog.info(message, fields),
  });
}
