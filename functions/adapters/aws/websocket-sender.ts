import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ConnectionSender } from '../../core/ports/realtime';
import type { ServerMessage } from '../../contract/realtime';

/**
 * Pushes through the API Gateway management API. Locally the same client is pointed at the local
 * server's management endpoint, which speaks the same `POST /@connections/{id}` protocol.
 */
export class ApiGatewayConnectionSender implements ConnectionSender {
  constructor(private readonly client: ApiGatewayManagementApiClient) {}

  async send(connectionId: string, message: ServerMessage): Promise<boolean> {
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
      return true;
    } catch (error) {
      if (isGone(error)) return false;
      throw error;
    }
  }

  async disconnect(connectionId: string): Promise<void> {
    try {
      await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
}

function isGone(error: unknown): boolean {
  return error instanceof GoneException || (error instanceof Error && error.name === 'GoneException');
}
