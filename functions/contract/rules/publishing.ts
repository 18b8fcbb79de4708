/**
 * Connected accounts: the zod-free rules both sides read. The platforms, the states an
 * account shows, the plan limit on how many may be connected, the words of the Settings section and
 * of the toasts the OAuth callback's return asks for (`/settings?publishing=…`).
 */
export const publishingPlatforms = ['tiktok', 'youtube', 'instagram'] as const;
export type PublishingPlatform = (typeof publishingPlatforms)[number];

export const accountStatuses = ['connected', 'expired', 'revoked'] as const;
export type ConnectedAccountStatus = (typeof accountStatuses)[number];

export function isPublishingPlatform(value: unknown): value is PublishingPlatform {
  return typeof value === 'string' && (publishingPlatforms as readonly string[]).includes(value);
}

export const platformNames: Readonly<Record<PublishingPlatform, string>> = {
  tiktok: 'TikTok',
  youtube: 'YouTube',
  instagram: 'Instagram',
};

/** Connected accounts per plan (free 1, basic 3, pro 10); the server's tier table reads these. */
export const connectedAccountLimits = { free: 1, basic: 3, pro: 10 } as const;

/** Upper bounds of the fields. */
export const publishingBounds = {
  returnUrlMax: 512,
  displayNameMax: 150,
  codeMax: 2048,
  stateMax: 128,
  errorMax: 512,
  accountIdMax: 100,
} as const;

export const publishingMessages = {
  sectionTitle: 'Connected accounts',
  connect: 'Connect',
  disconnect: 'Disconnect',
  reconnect: 'Reconnect',
  connected: 'Connected',
  expired: 'Expired',
  revoked: 'Revoked',
  confirmDisconnect: (platform: string, name: string) => `Disconnect ${name} from ${platform}? Scheduled posts to this account will not be made.`,
  connectedToast: (platform: string) => `${platform} account connected`,
  disconnectedToast: (platform: string) => `${platform} account disconnected`,
  deniedToast: (platform: string) => `${platform} was not connected: access was not granted`,
  limitToast: 'Your plan has reached its connected accounts limit. Upgrade to connect more.',
  failedToast: (platform: string) => `${platform} could not be connected. Please try again.`,
  stateExpiredToast: 'That connection link has expired. Please start again.',
  /** The server's answers. */
  limitReached: 'Your plan has reached its connected accounts limit. Upgrade to connect more.',
  notConfigured: (platform: string) => `${platform} publishing is not available right now.`,
  accountNotFound: 'Account not found',
  badReturnUrl: 'returnUrl must be a path on this site',
  /** The free plan and TikTok, said before the connection is made (the plan's one slot, a watermark TikTok refuses). */
  tiktokFreeNote: 'Free-plan videos carry the “Made with Reelsmith” watermark, which TikTok refuses. YouTube and Instagram take them.',
  tiktokFreeTitle: 'Connect TikTok on the free plan?',
  tiktokFreeText: (limit: number) =>
    `TikTok does not accept videos with an app’s watermark, and every video made on the free plan carries “Made with Reelsmith”. Your plan connects ${limit === 1 ? '1 account' : `${limit} accounts`}: connected to TikTok, you could not post anywhere until you upgrade. YouTube or Instagram take free videos as they are.`,
  connectInstead: (platform: string) => `Connect ${platform} instead`,
  connectAnyway: 'Connect TikTok anyway',
  /** The plan cards' row. */
  accountsRow: 'Connected accounts',
} as const;

/** What the callback's redirect says, in `publishing=<outcome>&platform=<platform>`. */
export const connectOutcomes = ['connected', 'denied', 'limit', 'expired', 'failed'] as const;
export type ConnectOutcome = (typeof connectOutcomes)[number];

export type ConnectReturn = { kind: 'none' } | { kind: ConnectOutcome; platform: PublishingPlatform | undefined };

/** Reads the Settings page's query after an OAuth round trip (`publishing=connected&platform=tiktok`). */
export function readConnectReturn(search: string): ConnectReturn {
  const params = new URLSearchParams(search);
  const outcome = params.get('publishing');
  if (outcome === null) return { kind: 'none' };
  const platform = params.get('platform');
  const known = (connectOutcomes as readonly string[]).includes(outcome) ? (outcome as ConnectOutcome) : 'failed';
  return { kind: known, platform: isPublishingPlatform(platform) ? platform : undefined };
}

/** A same-site path to return to after connecting: `/settings`, never `//host` or a full URL. */
export function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}
