/**
 * API keys: the zod-free rules both sides read. The scopes, the plan limits on keys and on calls, the
 * key's shape, the bounds of what a client sends and the words of the Settings section and of the
 * server's refusals.
 */
export const apiKeyScopes = ['read', 'write', 'publish'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** What each scope lets a key do (Settings → API keys says it beside each checkbox). */
export const apiKeyScopeDescriptions: Readonly<Record<ApiKeyScope, string>> = {
  read: 'Read scripts, media, voices, templates, videos and publications.',
  write: 'Create, change and delete scripts, media, folders, templates and schedules; make voice-overs, videos and translations.',
  publish: 'Post videos to your connected accounts and cancel scheduled posts.',
};

/** Keys per plan (free 2, basic 10, pro 50); the server's tier table reads these. */
export const apiKeyLimits = { free: 2, basic: 10, pro: 50 } as const;

/**
 * Calls a minute per key, by the key owner's plan, and the burst allowance: the calls a window takes
 * beyond its limit before it refuses (docs/decisions/api-keys.md).
 */
export const apiCallsPerMinute = { free: 60, basic: 300, pro: 1_200 } as const;
export const apiBurstAllowance = { free: 10, basic: 50, pro: 200 } as const;
export const apiRateWindowSeconds = 60;

/** `rsk_<id>_<secret>`: the id is 16 characters of lower-case base32 (the key's lookup), the secret 43 of base64url (32 bytes). */
export const apiKeyPrefix = 'rsk_';
export const apiKeyIdLength = 16;
export const apiKeyPattern = /^rsk_([a-z2-7]{16})_([A-Za-z0-9_-]{43})$/;
/** The characters of a key shown in lists: `rsk_` and the first four of its id. */
export const apiKeyShownLength = apiKeyPrefix.length + 4;

export const apiKeyBounds = {
  nameMax: 60,
  /** The latest expiry a key may be given, in days from now (two years). */
  expiryMaxDays: 730,
} as const;

export function shownPrefix(prefix: string): string {
  return `${prefix}…`;
}

export const apiKeyMessages = {
  sectionTitle: 'API keys',
  sectionText: 'Keys let your own scripts, automation tools and AI agents call Reelsmith as you. Treat them like passwords.',
  create: 'Create key',
  createTitle: 'Create an API key',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. n8n workflow',
  scopesLabel: 'Scopes',
  expiryLabel: 'Expires',
  expiryHelp: 'Optional. Leave empty for a key that does not expire.',
  createdTitle: 'Save your API key',
  createdWarning: 'This key will not be shown again. Copy it now and keep it somewhere safe.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'I have saved it',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeText: 'Any script or tool using this key stops working at once. This cannot be undone.',
  revokedToast: (name: string) => `“${name}” revoked`,
  empty: 'No API keys yet',
  emptyText: 'Create a key to call the API with Authorization: Bearer.',
  neverUsed: 'Never used',
  noExpiry: 'Never expires',
  expired: 'Expired',
  limitNote: (count: number, limit: number) => `${count} of ${limit} keys on your plan`,
  /** The server's answers. */
  limitReached: 'Your plan has reached its API keys limit. Revoke a key or upgrade to create more.',
  notFound: 'API key not found',
  invalidKey: 'Invalid API key',
  expiredKey: 'This API key has expired',
  needsScope: (scope: ApiKeyScope) => `This key needs the "${scope}" scope.`,
  notWithKeys: 'API keys cannot call this route; sign in to Reelsmith instead.',
  rateLimited: (limit: number) => `Too many calls with this key: the limit is ${limit} a minute. Try again after the time in Retry-After.`,
  nameRequired: 'Give the key a name',
  scopesRequired: 'Choose at least one scope',
  expiryInPast: 'The expiry must be in the future',
  expiryTooFar: 'A key can expire at most two years from now',
} as const;
