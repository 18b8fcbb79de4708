import type { ConnectedAccount, Publication, PublishCheckTarget, PublishRequest, PublishTarget } from '@contract/publishing';
import { finalPublicationStatuses, postingBounds, postingUiMessages as words, privacyLabels } from '@contract/rules/posting';
import { countHashtags } from '@contract/rules/post-caption';
import type { PublishingPlatform } from '@contract/rules/publishing';
import type { PublicationsMessage } from '@contract/realtime';

/**
 * The posting dialog's and the card's rules, pure so the unit tests hold them: the fields'
 * limits and counters, the request built from the form, how a privacy value reads, how a publication's
 * state reads, and when the card polls.
 */

/** How often a card polls while one of its posts is still moving (the socket's messages come between). */
export const PUBLICATION_POLL_MS = 4_000;
/** How often a card looks at a post scheduled more than a minute ahead. */
export const SCHEDULED_POLL_MS = 30_000;

/** The privacy value as a creator reads it (`SELF_ONLY` → `Only me`); an unknown value shows as sent, in words. */
export function privacyLabel(value: string): string {
  return (
    privacyLabels[value] ??
    value
      .toLowerCase()
      .replace(/_/g, ' ')
      .replace(/^\w/, (first) => first.toUpperCase())
  );
}

/**
 * The option chosen for an account when the dialog opens: the only one when there is one; none on TikTok (its
 * guidelines ask the creator to pick, with no default); on YouTube the creator's last choice, else none (a
 * post never goes out private, or public, without the creator choosing); else the most private one it offers.
 */
export function initialPrivacy(platform: PublishingPlatform, options: readonly string[], lastChoice?: string): string {
  if (options.length === 1) return options[0] ?? '';
  if (platform === 'tiktok') return '';
  if (platform === 'youtube') return lastChoice && options.includes(lastChoice) ? lastChoice : '';
  return defaultPrivacy(options) ?? '';
}

/** The platforms where the creator picks who can watch before posting (no silent default). */
export const privacyChosenBy: readonly PublishingPlatform[] = ['tiktok', 'youtube'];

/**
 * The creator's last privacy choice per account, else per platform, from their publications (newest first):
 * `lastPrivacyFor(list)(account)`.
 */
export function lastPrivacyOf(publications: readonly Pick<Publication, 'accountId' | 'platform' | 'privacy'>[]) {
  return (account: Pick<ConnectedAccount, 'id' | 'platform'>): string | undefined =>
    publications.find((publication) => publication.accountId === account.id && publication.privacy)?.privacy ??
    publications.find((publication) => publication.platform === account.platform && publication.privacy)?.privacy;
}

/** The most private option an account offers. */
export function defaultPrivacy(options: readonly string[]): string | undefined {
  const order = ['SELF_ONLY', 'private', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'unlisted', 'PUBLIC_TO_EVERYONE', 'public'];
  return [...options].sort((a, b) => rank(order, a) - rank(order, b))[0];
}
const rank = (order: readonly string[], value: string) => {
  const at = order.indexOf(value);
  return at === -1 ? order.length : at;
};

/** The text field a platform posts the caption in, and its limit. */
export const captionFieldOf: Readonly<Record<PublishingPlatform, { label: string; max: number }>> = {
  tiktok: { label: words.tiktokTitle, max: postingBounds.captionMax },
  youtube: { label: words.youtubeDescription, max: postingBounds.descriptionMax },
  instagram: { label: words.instagramCaption, max: postingBounds.captionMax },
};

export interface FieldCount {
  used: number;
  max: number;
  over: boolean;
}
const count = (used: number, max: number): FieldCount => ({ used, max, over: used > max });

/** Characters as the platforms count them (UTF-16 units; YouTube's description: UTF-8 bytes). */
export function characterCount(platform: PublishingPlatform | 'youtube-title', text: string): FieldCount {
  if (platform === 'youtube-title') return count(text.trim().length, postingBounds.titleMax);
  if (platform === 'youtube') return count(new TextEncoder().encode(text.trim()).length, postingBounds.descriptionMax);
  return count(text.trim().length, postingBounds.captionMax);
}

export const hashtagCount = (text: string): FieldCount => count(countHashtags(text), postingBounds.hashtagsMax);

/** What the dialog holds: the shared caption, a platform's own text when changed, per-account privacy, YouTube's flags. */
export interface PostingForm {
  selected: readonly string[];
  caption: string;
  /** A platform's own caption once the creator edits it; otherwise it follows `caption`. */
  platformText: Partial<Record<PublishingPlatform, string>>;
  youtubeTitle: string;
  privacy: Readonly<Record<string, string>>;
  madeForKids: boolean;
  containsSyntheticMedia: boolean;
}

export const textFor = (form: Pick<PostingForm, 'caption' | 'platformText'>, platform: PublishingPlatform): string =>
  form.platformText[platform] ?? form.caption;

/** The first problem the form has before asking the server, or undefined. */
export function formProblem(form: PostingForm, accounts: readonly ConnectedAccount[]): string | undefined {
  const chosen = accounts.filter((account) => form.selected.includes(account.id));
  if (chosen.length === 0) return words.chooseAccount;
  for (const account of chosen) {
    const text = textFor(form, account.platform);
    if (characterCount(account.platform, text).over) return `${captionFieldOf[account.platform].label}: too long`;
    if (account.platform === 'instagram' && hashtagCount(text).over) return `${words.instagramCaption}: too many hashtags`;
    if (privacyChosenBy.includes(account.platform) && !form.privacy[account.id]) return words.privacyRequired(account.displayName);
    if (account.platform === 'youtube' && (characterCount('youtube-title', form.youtubeTitle).over || !form.youtubeTitle.trim()))
      return `${words.youtubeTitle}: 1 to ${postingBounds.titleMax} characters`;
  }
  return undefined;
}

/** The platform of the form's first problem (the dialog shows that platform's tab). */
export function problemPlatform(form: PostingForm, accounts: readonly ConnectedAccount[]): PublishingPlatform | undefined {
  return accounts.find((account) => form.selected.includes(account.id) && formProblem({ ...form, selected: [account.id] }, [account]) !== undefined)?.platform;
}

/** The request the form makes (the targets in the accounts' order; empty fields left to the server's defaults). */
export function requestFromForm(form: PostingForm, accounts: readonly ConnectedAccount[], scheduledAt?: Date, allowRepost = false): PublishRequest {
  const targets = accounts
    .filter((account) => form.selected.includes(account.id))
    .map((account): PublishTarget => {
      const caption = textFor(form, account.platform).trim();
      const target: PublishTarget = { accountId: account.id, ...(caption ? { caption } : {}) };
      const privacy = form.privacy[account.id];
      if (privacy) target.privacy = privacy;
      if (account.platform === 'youtube') {
        const title = form.youtubeTitle.trim();
        if (title) target.title = title;
        target.madeForKids = form.madeForKids;
        target.containsSyntheticMedia = form.containsSyntheticMedia;
      }
      return target;
    });
  return { targets, ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}), ...(allowRepost ? { allowRepost } : {}) };
}

/** The check's answer per account id. */
export function checksById(targets: readonly PublishCheckTarget[]): Map<string, PublishCheckTarget> {
  return new Map(targets.map((target) => [target.accountId, target]));
}

/** `Tue, Nov 26 at 3:00 PM` in the browser's locale and time zone. */
export function whenText(at: Date | string, locale?: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return `${date.toLocaleDateString(locale, { weekday: 'short', month: 'short', day: 'numeric' })} at ${date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;
}

/** `Dec 7`: the day of an earlier post, in the browser's locale. */
export function dayText(at: string, locale?: string): string {
  return new Date(at).toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}

/** `Nov 26, 3:00 PM`: a badge's short time. */
export function shortWhenText(at: string, locale?: string): string {
  const date = new Date(at);
  return `${date.toLocaleDateString(locale, { month: 'short', day: 'numeric' })}, ${date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;
}

export type PublicationTone = 'waiting' | 'moving' | 'done' | 'failed' | 'off';

/** How a publication's state reads on the card, and its tone. */
export function publicationStatusText(
  publication: Pick<Publication, 'status' | 'progress' | 'scheduledAt'>,
  locale?: string,
): { text: string; tone: PublicationTone } {
  switch (publication.status) {
    case 'scheduled':
      return { text: words.statusScheduled(publication.scheduledAt ? shortWhenText(publication.scheduledAt, locale) : ''), tone: 'waiting' };
    case 'queued':
      return { text: words.statusQueued, tone: 'moving' };
    case 'uploading':
      return { text: words.statusUploading(Math.round(publication.progress ?? 0)), tone: 'moving' };
    case 'processing':
      return { text: words.statusProcessing, tone: 'moving' };
    case 'published':
      return { text: words.statusPublished, tone: 'done' };
    case 'failed':
      return { text: words.statusFailed, tone: 'failed' };
    case 'cancelled':
      return { text: words.statusCancelled, tone: 'off' };
  }
}

export const isFinalPublication = (publication: Pick<Publication, 'status'>) => finalPublicationStatuses.includes(publication.status);

/**
 * Polls every few seconds while a post is queued, uploading or processing, or is scheduled within the
 * next minute (or overdue); a post scheduled later is looked at every 30 s; nothing moving, no polling.
 */
export function pollIntervalFor(publications: readonly Pick<Publication, 'status' | 'scheduledAt'>[], now = Date.now()): number {
  const soon = (publication: Pick<Publication, 'scheduledAt'>) => !publication.scheduledAt || new Date(publication.scheduledAt).getTime() - now <= 60_000;
  if (
    publications.some(
      (publication) => ['queued', 'uploading', 'processing'].includes(publication.status) || (publication.status === 'scheduled' && soon(publication)),
    )
  ) {
    return PUBLICATION_POLL_MS;
  }
  if (publications.some((publication) => publication.status === 'scheduled')) return SCHEDULED_POLL_MS;
  return 0;
}

/** The list with the message's publication moved to its new state (the list unchanged when it is not in it). */
export function applyPublicationMessage(list: readonly Publication[], message: Omit<PublicationsMessage, 'type' | 'userId'>): Publication[] {
  return list.map((publication) => {
    if (publication.id !== message.publicationId) return publication;
    const next: Publication = { ...publication, status: message.status };
    if (message.progress !== undefined) next.progress = message.progress;
    if (message.postUrl !== undefined) next.postUrl = message.postUrl;
    if (message.error !== undefined) next.error = message.error;
    return next;
  });
}

/** What the card lists: cancelled ones left out, at most `limit`, and how many earlier ones are not shown. */
export function visiblePublications(list: readonly Publication[], limit = 6): { shown: Publication[]; hidden: number } {
  const live = list.filter((publication) => publication.status !== 'cancelled');
  return { shown: live.slice(0, limit), hidden: Math.max(0, live.length - limit) };
}
