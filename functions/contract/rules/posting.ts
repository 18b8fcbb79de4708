/**
 * Posting a finished video to a connected account: the zod-free rules both sides read. A publication is
 * one video posted (or to be posted) to one account; its states, the fields a creator may set per
 * platform and their bounds, the daily posting limit per plan, and the words the server answers with.
 */
import type { PublishingPlatform } from './publishing';

export const publicationStatuses = ['scheduled', 'queued', 'uploading', 'processing', 'published', 'failed', 'cancelled'] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

/** States a publication no longer leaves. */
export const finalPublicationStatuses: readonly PublicationStatus[] = ['published', 'failed', 'cancelled'];

/** Posts per user per UTC day, across all accounts (free 3, basic 25, pro 100). */
export const dailyPostLimits = { free: 3, basic: 25, pro: 100 } as const;

/** The platforms' own bounds on what we send (checked before anything is uploaded). */
export const postingBounds = {
  targetsMax: 10,
  /** YouTube's title. */
  titleMax: 100,
  /** Instagram's caption; TikTok's title is 2,200 UTF-16 units as well; YouTube's description 5,000 bytes. */
  captionMax: 2200,
  descriptionMax: 5000,
  /** Instagram's hashtags per caption. */
  hashtagsMax: 30,
  privacyMax: 40,
  /** How far ahead a post may be scheduled (days). */
  scheduleAheadDays: 180,
  errorMax: 500,
  postUrlMax: 500,
} as const;

/** The privacy choices each platform offers when it cannot be asked (YouTube, Instagram have fixed ones). */
export const defaultPrivacyOptions: Readonly<Record<PublishingPlatform, readonly string[]>> = {
  // TikTok's come from creator_info (PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR, SELF_ONLY).
  tiktok: ['SELF_ONLY'],
  youtube: ['public', 'unlisted', 'private'],
  // Reels are public; the account's own privacy decides who sees them.
  instagram: ['public'],
};

/** Per platform: the longest and largest video it takes through the APIs we use. */
export const platformVideoLimits: Readonly<Record<PublishingPlatform, { maxDurationSeconds: number; maxBytes: number; minDurationSeconds: number }>> = {
  tiktok: { minDurationSeconds: 3, maxDurationSeconds: 600, maxBytes: 4 * 1024 ** 3 },
  youtube: { minDurationSeconds: 1, maxDurationSeconds: 180, maxBytes: 256 * 1024 ** 3 },
  instagram: { minDurationSeconds: 3, maxDurationSeconds: 900, maxBytes: 300 * 1024 ** 2 },
};

export const postingMessages = {
  scriptNotFound: 'Script not found',
  publicationNotFound: 'Publication not found',
  noVideo: 'This script has no finished video to post',
  accountNotFound: (accountId: string) => `Account ${accountId} not found`,
  duplicateAccount: 'Each account can be chosen once',
  scheduledInPast: 'scheduledAt must be in the future',
  scheduledTooFar: `scheduledAt must be within ${postingBounds.scheduleAheadDays} days`,
  dailyLimit: 'Your plan has reached its posts per day limit. Upgrade to post more.',
  alreadyStarted: 'This post has already started and can no longer be cancelled',
  /** A pre-flight refusal: the 400 names the target and the reason. */
  targetRefused: (platform: string, name: string, reason: string) => `${platform} (${name}): ${reason}`,
  /** The file carries the free plan's watermark (recorded on the video by its render), whatever the plan is now. */
  watermarkOnTikTok: 'This video carries the “Made with Reelsmith” watermark, and TikTok does not accept videos with an app’s watermark.',
  watermarkRenderAgain: 'Render it again without the watermark to post it to TikTok.',
  watermarkUpgrade: 'Upgrade, then render it again without the watermark to post it to TikTok.',
  /** 409 ALREADY_POSTED: the same file to the same account again, without `allowRepost`. */
  alreadyPosted: (earlier: string, publicationId: string) =>
    `${earlier} (publication ${publicationId}): this same video. Send allowRepost: true to post it again.`,
  needsReconnect: 'The account needs to be reconnected',
  privacyNotOffered: (privacy: string) => `Privacy "${privacy}" is not offered by this account`,
  tooLong: (seconds: number) => `The video is longer than the platform's ${seconds} s`,
  tooShort: (seconds: number) => `The video is shorter than the platform's ${seconds} s`,
  tooLarge: 'The video is larger than the platform accepts',
  tooManyHashtags: `Instagram takes at most ${postingBounds.hashtagsMax} hashtags`,
  platformCap: 'The account has reached its posting limit on the platform for today',
} as const;

/**
 * How an earlier post of the same file to an account reads, by its state: `Already posted to Ana on Dec 7`,
 * `Already scheduled for Ana on Dec 9`, `Already being posted to Ana` (the date as the caller writes it: the
 * server a UTC day, the dialog the creator's own).
 */
export function alreadyPostedText(status: PublicationStatus, target: string, date: string): string {
  if (status === 'published') return `Already posted to ${target} on ${date}`;
  if (status === 'scheduled') return `Already scheduled for ${target} on ${date}`;
  return `Already being posted to ${target}`;
}

/** The statuses that make a second post of the same file to the same account a repost (published or on its way). */
export const repostStatuses: readonly PublicationStatus[] = ['published', 'scheduled', 'queued', 'uploading', 'processing'];

/** TikTok's privacy values (creator_info's `privacy_level_options`) as a creator reads them. */
export const privacyLabels: Readonly<Record<string, string>> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

/** The words of the posting dialog (the product's (docs/product.md#post-a-video) Schedule Video) and of a card's posts. */
export const postingUiMessages = {
  intro: (title: string) => `Post “${title}” to your accounts now, or pick a date and time and we post it for you.`,
  accountsLabel: 'Post to',
  noAccounts: 'Connect TikTok, YouTube or Instagram in Settings to post your videos from here.',
  connectInSettings: 'Connect an account',
  manageAccounts: 'Manage accounts',
  needsReconnect: 'Needs reconnecting before it can post',
  needsVideo: 'Finish a video first: posting sends the finished video.',
  upgrade: 'Upgrade',
  captionLabel: 'Caption',
  captionHelper: 'Used for every platform unless you change it below.',
  youtubeTitle: 'YouTube title',
  youtubeDescription: 'YouTube description',
  tiktokTitle: 'TikTok title',
  instagramCaption: 'Instagram caption',
  hashtags: (count: number, max: number) => `${count}/${max} hashtags`,
  privacyLabel: 'Who can watch',
  /** TikTok's guidelines: the creator picks the privacy, there is no default. */
  privacyPlaceholder: 'Choose who can watch',
  privacyRequired: (name: string) => `Choose who can watch the post on ${name}`,
  /** YouTube's privacy is the creator's choice too: the last one they made is offered first. */
  privacyLastChoice: 'Your last choice',
  /** Defect 11: the same file to the same account again. */
  repostTitle: 'Post this video again?',
  repostText: (lines: string) => `${lines}. Posting the same video again makes a duplicate post there.`,
  repostConfirm: 'Post again',
  repostKeep: 'Go back',
  /** Defect 1: a watermarked file and TikTok. */
  renderAgain: 'Render again without the watermark',
  renderAgainStarted: 'Rendering again without the watermark',
  renderAgainStartedText: 'Post to TikTok once the new video is ready.',
  madeForKids: 'Made for kids',
  madeForKidsHelp: 'YouTube asks every upload; kids’ videos get no comments or personalised ads.',
  synthetic: 'Altered or synthetic content',
  syntheticHelp: 'Say yes when the voice or footage is AI-made and looks real: YouTube labels it.',
  whenLabel: 'When',
  postNow: 'Post now',
  schedule: 'Schedule',
  postButton: 'Post now',
  scheduleButton: 'Schedule post',
  checking: 'Checking…',
  posting: 'Posting…',
  chooseAccount: 'Choose at least one account',
  fixProblems: 'Fix what is marked below, or untick those accounts, then post again.',
  pastTime: 'That time has already passed',
  scheduleSummary: (when: string) => `Posts ${when}`,
  postedToast: (count: number) => (count === 1 ? 'Posting to 1 account' : `Posting to ${count} accounts`),
  postedToastText: 'Follow each post on the card: it shows the link once it is live.',
  scheduledToast: (when: string) => `Scheduled for ${when}`,
  postFailedToast: 'Posting failed',
  checkFailed: 'Could not check the accounts. Please try again.',
  /** A card's posts. */
  postsLabel: 'Posts',
  statusScheduled: (when: string) => `Scheduled · ${when}`,
  statusQueued: 'Queued',
  statusUploading: (percent: number) => `Uploading ${percent}%`,
  statusProcessing: 'Processing',
  statusPublished: 'Published',
  statusFailed: 'Failed',
  statusCancelled: 'Cancelled',
  viewPost: 'View post',
  /** A scheduled post's Cancel names what it cancels (a card lists several). */
  cancelPost: (platform: string) => `Cancel ${platform} post`,
  cancelPostLabel: (platform: string, name: string, when: string) => `Cancel the ${platform} post to ${name}${when ? ` ${when}` : ''}`,
  cancelTitle: 'Cancel scheduled post?',
  cancelText: (platform: string, name: string, when: string) => `The post to ${name} on ${platform} ${when} will not be made.`,
  cancelConfirm: 'Cancel post',
  cancelKeep: 'Keep it',
  cancelledToast: 'Scheduled post cancelled',
  cancelFailedToast: 'Could not cancel the post',
  earlier: (count: number) => `${count} earlier`,
  /** The card's Schedule Video button's tip, and the share dialog's way to posting. */
  scheduleTip: 'Post to TikTok, YouTube or Instagram',
  scheduleNeedsVideo: 'Finish a video first',
  shareOffer: 'Or post it straight to TikTok, YouTube or Instagram.',
} as const;
