/**
 * Key builders for the single table. Everything a user owns sits under `USER#<id>` so that a query
 * can never cross tenants; records found by a secret (sessions, tickets) sit under the secret's hash.
 */
export const keys = {
  user: (userId: string) => `USER#${userId}`,
  session: (idHash: string) => `SESSION#${idHash}`,
  wsConnection: (connectionId: string) => `WSCONN#${connectionId}`,
  wsTicket: (ticketHash: string) => `WSTICKET#${ticketHash}`,
  username: (lowerUsername: string) => `USERNAME#${lowerUsername}`,
  email: (lowerEmail: string) => `EMAIL#${lowerEmail}`,
  link: (linkHash: string) => `LINK#${linkHash}`,
  /** Sort keys under USER#<id> (scripts workspace). */
  script: (scriptId: string) => `SCRIPT#${scriptId}`,
  scriptTemplate: (templateId: string) => `STEMPLATE#${templateId}`,
  voice: (voiceId: string) => `VOICE#${voiceId}`,
  userVoice: (voiceId: string) => `UVOICE#${voiceId}`,
  /** The preset voices everyone sees. */
  publicVoices: () => 'VOICES#public',
} as const;

export interface ItemKey {
  pk: string;
  sk: string;
}
