import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';

/**
 * An in-memory DynamoDB Local that a test run started once for all its stacks (test/support/shared-dynamodb.ts):
 * its endpoint, in this variable. A stack started `inMemory` with it set uses that database and a table of
 * its own instead of starting a JVM.
 */
export const sharedDynamoEnv = 'REELSMITH_SHARED_DYNAMODB_ENDPOINT';

export interface SharedTable {
  endpoint: string;
  tableName: string;
  /** Drops the stack's table (the database goes on serving the others). */
  drop(): Promise<void>;
}

/** The shared database and a fresh table name in it, when a test run shares one; undefined otherwise. */
export function sharedDynamoTable(env: NodeJS.ProcessEnv = process.env): SharedTable | undefined {
  const endpoint = env[sharedDynamoEnv];
  if (!endpoint) return undefined;
  const tableName = `reelsmith-${ulid().toLowerCase()}`;
  return {
    endpoint,
    tableName,
    drop: async () => {
      const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      client.destroy();
    },
  };
}
