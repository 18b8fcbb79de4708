import { hashSecret, newSecret } from '../ids';
import type { ConnectionSender, ConnectionStore, Publisher, SessionLiveness, TicketStore } from '../ports/realtime';
import { clientMessageSchema, type PublishedMessage, type ServerMessage } from '../../contract/realtime';

export const ticketLifetimeMs = 60_000;

/** A published message reaches connections subscribed to its topic; `script-update` rides on `scripts` too. */
export function topicsOf(type: PublishedMessage['type']): string[] {
  return type === 'script-update' ? ['script-update', 'scripts'] : [type];
}

/** The realtime protocol, whatever carries it (API Gateway WebSocket or the local `ws` server). */
export class RealtimeService implements Publisher {
  constructor(
    private readonly connections: ConnectionStore,
    private readonly tickets: TicketStore,
    private readonly sender: ConnectionSender,
    private readonly sessionIsLive: SessionLiveness,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A single-use ticket for the socket, bound to the signed-in session that asked for it. */
  async issueTicket(userId: string, sessionHash: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = newSecret(24);
    await this.tickets.issue(hashSecret(ticket), { userId, sessionHash }, this.clock() + ticketLifetimeMs);
    return { ticket, expiresInSeconds: ticketLifetimeMs / 1000 };
  }

  /**
   * Closes the user's sockets when sessions end: those of one session (logout) or all of them
   * (password reset, which ends every session). Nothing more is delivered to them.
   */
  async closeSockets(userId: string, sessionHash?: string): Promise<number> {
    const connections = await this.connections.listForUser(userId);
    const ending = connections.filter((connection) => sessionHash === undefined || connection.sessionHash === sessionHash);
    await Promise.all(
      ending.map(async (connection) => {
        await this.connections.remove(connection.connectionId);
        await this.sender.disconnect(connection.connectionId);
      }),
    );
    return ending.length;
  }

  async connect(connectionId: string): Promise<void> {
    await this.connections.add(connectionId, this.clock());
  }

  async disconnect(connectionId: string): Promise<void> {
    await this.connections.remove(connectionId);
  }

  /** Handles one raw frame from a client; every answer goes back on the same connection. */
  async receive(connectionId: string, raw: string | undefined): Promise<void> {
    const reply = (message: ServerMessage) => this.sender.send(connectionId, message);
    let json: unknown;
    try {
      json = JSON.parse(raw ?? '');
    } catch {
      await reply({ type: 'error', message: 'Message must be JSON' });
      return;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const action = typeof json === 'object' && json !== null && 'action' in json ? String(json.action) : undefined;
      const known = action === 'authenticate' || action === 'subscribe' || action === 'unsubscribe';
      await reply({
        type: 'error',
        message: known ? `Invalid ${action} message` : action ? `Unknown action: ${action.slice(0, 40)}` : 'Message must have an action',
      });
      return;
    }
    const message = parsed.data;
    const connection = await this.connections.get(connectionId);
    if (!connection) {
      await reply({ type: 'error', message: 'Unknown connection' });
      return;
    }
    if (message.action === 'authenticate') {
      const owner = await this.tickets.redeem(hashSecret(message.token), this.clock());
      // A ticket taken before its session ended (logout, password reset) dies with the session.
      if (!owner || !(await this.sessionIsLive(owner.sessionHash))) {
        await reply({ type: 'auth_error', message: 'Invalid or expired ticket' });
        return;
      }
      await this.connections.bindUser(connectionId, owner.userId, owner.sessionHash);
      await reply({ type: 'auth_success', userId: owner.userId });
      return;
    }
    if (!connection.userId) {
      await reply({ type: 'error', message: 'Not authenticated' });
      return;
    }
    const current = new Set(connection.types);
    for (const type of message.types) {
      if (message.action === 'subscribe') current.add(type);
      else current.delete(type);
    }
    const types = [...current].sort();
    await this.connections.setTypes({ ...connection, types }, types);
    await reply({ type: 'subscription', subscribed: types, message: message.action === 'subscribe' ? 'subscribed' : 'unsubscribed' });
  }

  /** Sends to every connection of the user subscribed to the message's topic; drops gone ones. */
  async publish(userId: string, message: PublishedMessage): Promise<void> {
    const topics = topicsOf(message.type);
    const connections = await this.connections.listForUser(userId);
    await Promise.all(
      connections
        .filter((connection) => connection.types.some((type) => topics.includes(type)))
        .map(async (connection) => {
          const delivered = await this.sender.send(connection.connectionId, { ...message, userId });
          if (!delivered) await this.connections.remove(connection.connectionId);
        }),
    );
  }
}
