import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { tableDefinition as tableSchema } from '../../functions/adapters/aws/dynamo/entities';

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = 'us-east-1';

type Index = (typeof tableSchema.globalSecondaryIndexes)[number];
const attributes = (...names: string[]): AttributeDefinition[] => names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
const keySchema = (key: { partitionKey: string; sortKey: string }): KeySchemaElement[] => [
  { AttributeName: key.partitionKey, KeyType: 'HASH' },
  { AttributeName: key.sortKey, KeyType: 'RANGE' },
];
const indexOf = (index: Index) => ({ IndexName: index.indexName, KeySchema: keySchema(index), Projection: { ProjectionType: 'ALL' as const } });

/** Creates the single table with its indexes and TTL unless it exists (the same definition CDK uses). */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: localCredentials });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, existing.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName ?? '') ?? []);
    client.destroy();
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keys = [tableSchema, ...tableSchema.globalSecondaryIndexes].flatMap((key) => [key.partitionKey, key.sortKey]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes(...new Set(keys)),
      KeySchema: keySchema(tableSchema),
      GlobalSecondaryIndexes: tableSchema.globalSecondaryIndexes.map(indexOf),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
    }),
  );
  client.destroy();
}

/**
 * A table kept under `.data/` from before an index was added to the schema gets it now: one index per
 * UpdateTable, as DynamoDB requires, each waited for until it is ACTIVE.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, present: string[]): Promise<void> {
  for (const index of tableSchema.globalSecondaryIndexes) {
    if (present.includes(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributes(index.partitionKey, index.sortKey),
        GlobalSecondaryIndexUpdates: [{ Create: indexOf(index) }],
      }),
    );
    for (let i = 0; i < 600; i += 1) {
      const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const status = described.Table?.GlobalSecondaryIndexes?.find((gsi) => gsi.IndexName === index.indexName)?.IndexStatus;
      if (status === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
}

/** Finds or creates the user pool and its app client by name (idempotent across restarts). */
export async function ensureUserPool(endpoint: string, name: string): Promise<UserPoolIds> {
  const client = new CognitoIdentityProviderClient({ endpoint, region, credentials: localCredentials });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === name)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: name,
        Policies: { PasswordPolicy: { MinimumLength: 8, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false } },
        Schema: [{ Name: 'email', AttributeDataType: 'String', Required: false, Mutable: true }],
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((entry) => entry.ClientName === `${name}-web`)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: `${name}-web`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local did not return an app client id');
  }
  client.destroy();
  return { userPoolId, clientId };
}
