import type {
  ApiGatewayManagementApiClient} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ConnectionSender } from '../../core/ports/realtime';
import type { ServerMessage } from '../../core/realtime/messages';

/**
 * Pushes through the API Gateway management API. Locally the same client is pointed at the local
 * server's management endpoint, which speaks the same `POST /@connections/{id}` protocol.
 */
export class ApiGatewayConnectionSender implements ConnectionSender {
  constructor(private readonly client: ApiGatewayManagementApiClient) {}

  async send(connectionId: string, message: ServerMessage): Promise<boolean> {
    try {
      await this.client.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
      );
      return true;
    } catch (error) {
      if (error instanceof GoneException || (error instanceof Error && error.name === 'GoneException')) return false;
      throw error;
    }
  }
}
