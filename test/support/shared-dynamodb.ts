import { startDynamoDbLocal, type RunningDynamo } from '../../bin/local/emulators/dynamodb-local';
import { sharedDynamoEnv } from '../../bin/local/shared-dynamodb';

/**
 * Global setup of the integration and browser projects: one in-memory DynamoDB Local for the whole run.
 * Each test file's stack still gets a table of its own (`startLocalStack` names one per stack and drops
 * it at stop), but the JVM starts once and stays warm, instead of starting cold for every file
 * (a few seconds each, and its first calls interpreted).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dynamo: RunningDynamo = await startDynamoDbLocal({});
  process.env[sharedDynamoEnv] = dynamo.endpoint;
  return async () => {
    delete process.env[sharedDynamoEnv];
    await dynamo.stop();
  };
}
