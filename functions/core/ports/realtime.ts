import type { PublishedMessage, ServerMessage } from '../../contract/realtime';

export interface ConnectionRecord {
  connectionId: string;
  userId?: string;
  /** The hash of the session whose ticket authenticated the connection; it ends with that session. */
  sessionHash?: string;
  types: string[];
  connectedAt: number;
}

export interface ConnectionStore {
  add(connectionId: string, connectedAt: number): Promise<void>;
  get(connectionId: string): Promise<ConnectionRecord | undefined>;
  bindUser(connectionId: string, userId: string, sessionHash: string): Promise<void>;
  setTypes(connection: ConnectionRecord, types: string[]): Promise<void>;
  remove(connectionId: string): Promise<void>;
  listForUser(userId: string): Promise<ConnectionRecord[]>;
}

export interface TicketOwner {
  userId: string;
  sessionHash: string;
}

export interface TicketStore {
  /** Stores a ticket's hash for a user's session until `expiresAt` (ms). */
  issue(ticketHash: string, owner: TicketOwner, expiresAt: number): Promise<void>;
  /** Removes the ticket and answers its owner if it existed and had not expired: single use. */
  redeem(ticketHash: string, now: number): Promise<TicketOwner | undefined>;
}

/** Whether the session behind a hash is still signed in (tickets and sockets die with it). */
export type SessionLiveness = (sessionHash: string) => Promise<boolean>;

/** Sending to one connection; false means the connection is gone. */
export interface ConnectionSender {
  send(connectionId: string, message: ServerMessage): Promise<boolean>;
  /** Closes the connection from the server's side (gone already is fine). */
  disconnect(connectionId: string): Promise<void>;
}

/** The one publish port: every part of the product pushes to a user through it. */
export interface Publisher {
  publish(userId: string, message: PublishedMessage): Promise<void>;
}
