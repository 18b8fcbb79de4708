import type { ServerMessage } from '../realtime/messages';

export interface ConnectionRecord {
  connectionId: string;
  userId?: string;
  types: string[];
  connectedAt: number;
}

export interface ConnectionStore {
  add(connectionId: string, connectedAt: number): Promise<void>;
  get(connectionId: string): Promise<ConnectionRecord | undefined>;
  bindUser(connectionId: string, userId: string): Promise<void>;
  setTypes(connection: ConnectionRecord, types: string[]): Promise<void>;
  remove(connectionId: string): Promise<void>;
  listForUser(userId: string): Promise<ConnectionRecord[]>;
}

export interface TicketStore {
  /** Stores a ticket's hash for a user until `expiresAt` (ms). */
  issue(ticketHash: string, userId: string, expiresAt: number): Promise<void>;
  /** Removes the ticket and answers its user if it existed and had not expired: single use. */
  redeem(ticketHash: string, now: number): Promise<string | undefined>;
}

/** Sending to one connection; false means the connection is gone. */
export interface ConnectionSender {
  send(connectionId: string, message: ServerMessage): Promise<boolean>;
}

/** The one publish port: every part of the product pushes to a user through it. */
export interface Publisher {
  publish(userId: string, message: ServerMessage): Promise<void>;
}
