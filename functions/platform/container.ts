import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { S3Client } from '@aws-sdk/client-s3';
import { createDocumentClient, type TableRef } from '../adapters/aws/dynamo/table';
import { DynamoSessionStore } from '../adapters/aws/dynamo/session-store';
import { DynamoConnectionStore, DynamoTicketStore } from '../adapters/aws/dynamo/realtime-stores';
import { ApiGatewayConnectionSender } from '../adapters/aws/websocket-sender';
import { SessionService } from '../core/sessions/session-service';
import { RealtimeService } from '../core/realtime/realtime-service';
import type { Publisher } from '../core/ports/realtime';
import { getConfig, type AppConfig } from './config';

/**
 * The one place where clients and providers are built from configuration. Handlers never create
 * SDK clients themselves; the local runtime only changes endpoints (DESIGN section 1).
 */
export interface Container {
  config: AppConfig;
  table: TableRef;
  s3: S3Client;
  sessions: SessionService;
  realtime: RealtimeService;
  publisher: Publisher;
}

export function buildContainer(config: AppConfig): Container {
  const region = config.AWS_REGION;
  const table: TableRef = {
    client: createDocumentClient({ region, ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}) }),
    tableName: config.TABLE_NAME,
  };
  const s3 = new S3Client({
    region,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const sessions = new SessionService(new DynamoSessionStore(table), {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const sender = new ApiGatewayConnectionSender(
    new ApiGatewayManagementApiClient({ region, endpoint: config.WS_MANAGEMENT_ENDPOINT }),
  );
  const realtime = new RealtimeService(new DynamoConnectionStore(table), new DynamoTicketStore(table), sender);
  return { config, table, s3, sessions, realtime, publisher: realtime };
}

let current: Container | undefined;

export function getContainer(): Container {
  current ??= buildContainer(getConfig());
  return current;
}

/** The local runtime and tests rebuild it after setting the environment. */
export function resetContainer(): void {
  current = undefined;
}
