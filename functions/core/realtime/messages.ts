import { z } from 'zod';

/**
 * The realtime protocol of the spec (000 §7), shared with the front end.
 * Client → server: authenticate (with a single-use ticket from GET /api/ws-ticket), subscribe, unsubscribe.
 */
export const subscriptionTypes = ['scripts', 'media', 'script-update', 'token-usage', 'video-usage'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

export const clientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('authenticate'), token: z.string().min(1).max(256) }),
  z.object({ action: z.literal('subscribe'), types: z.array(z.enum(subscriptionTypes)).min(1).max(subscriptionTypes.length) }),
  z.object({ action: z.literal('unsubscribe'), types: z.array(z.enum(subscriptionTypes)).min(1).max(subscriptionTypes.length) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Server → client. `type` decides who receives a published message (see topicOf). */
export interface ServerMessage {
  type: string;
  scriptId?: string;
  userId?: string;
  message?: string;
  subscribed?: string[];
  [extra: string]: unknown;
}

/** A published message reaches connections subscribed to its topic; `script-update` rides on `scripts` too. */
export function topicsOf(type: string): string[] {
  return type === 'script-update' ? ['script-update', 'scripts'] : [type];
}
