import { describe, expect, it } from 'vitest';

import type { ConnectedAccount, Publication } from '../../functions/contract/publishing';
import { publishRequestSchema } from '../../functions/contract/publishing';
import type { ServerMessage } from '../../functions/contract/realtime';
import { subscriptionTypes } from '../../functions/contract/realtime';
import { postingUiMessages } from '../../functions/contract/rules/posting';
import {
  characterCount,
  defaultPrivacy,
  formProblem,
  hashtagCount,
  initialPrivacy,
  pollIntervalFor,
  PUBLICATION_POLL_MS,
  privacyLabel,
  publicationStatusText,
  requestFromForm,
  SCHEDULED_POLL_MS,
  textFor,
  applyPublicationMessage,
  visiblePublications,
  type PostingForm,
} from '../../frontend/src/features/scripts/lib/posting';

const accounts: ConnectedAccount[] = [
  { id: 'acc_tt', platform: 'tiktok', displayName: '@maya', status: 'connected' },
  { id: 'acc_yt', platform: 'youtube', displayName: 'Maya', status: 'connected' },
  { id: 'acc_ig', platform: 'instagram', displayName: 'maya.daily', status: 'connected' },
];

const form = (over: Partial<PostingForm> = {}): PostingForm => ({
  selected: ['acc_tt', 'acc_yt', 'acc_ig'],
  caption: 'Better coffee #coffee',
  platformText: {},
  youtubeTitle: 'Three grinder mistakes',
  privacy: { acc_tt: 'SELF_ONLY', acc_yt: 'private', acc_ig: 'public' },
  madeForKids: false,
  containsSyntheticMedia: true,
  ...over,
});

const publication = (over: Partial<Publication>): Publication => ({
  id: 'p1',
  scriptId: 's1',
  accountId: 'acc_tt',
  platform: 'tiktok',
  accountName: '@maya',
  status: 'queued',
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});

describe('posting rules', () => {
  it('reads TikTok privacy values as words, and picks the most private elsewhere but none on TikTok', () => {
    expect(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'].map(privacyLabel)).toEqual([
      'Everyone',
      'Friends',
      'Followers',
      'Only me',
    ]);
    expect(privacyLabel('SOME_NEW_LEVEL')).toBe('Some new level');
    expect(defaultPrivacy(['public', 'unlisted', 'private'])).toBe('private');
    // YouTube: the creator's last choice, else none (never private without the creator choosing).
    expect(initialPrivacy('youtube', ['public', 'unlisted', 'private'])).toBe('');
    expect(initialPrivacy('youtube', ['public', 'unlisted', 'private'], 'unlisted')).toBe('unlisted');
    expect(initialPrivacy('youtube', ['public', 'unlisted', 'private'], 'SELF_ONLY')).toBe('');
    expect(initialPrivacy('tiktok', ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'])).toBe('');
    expect(initialPrivacy('tiktok', ['SELF_ONLY'])).toBe('SELF_ONLY');
  });

  it('counts each platform’s field as the platform does', () => {
    expect(characterCount('youtube-title', 'x'.repeat(101))).toEqual({ used: 101, max: 100, over: true });
    expect(characterCount('instagram', 'x'.repeat(2200)).over).toBe(false);
    expect(characterCount('tiktok', 'x'.repeat(2201)).over).toBe(true);
    // YouTube's description is 5,000 bytes: an emoji is 4.
    expect(characterCount('youtube', '☕'.repeat(1700)).used).toBe(5100);
    const tags = Array.from({ length: 31 }, (_, index) => `#t${index}`).join(' ');
    expect(hashtagCount(tags)).toEqual({ used: 31, max: 30, over: true });
  });

  it('lets a platform’s text follow the shared caption until it is edited', () => {
    expect(textFor(form(), 'instagram')).toBe('Better coffee #coffee');
    expect(textFor(form({ platformText: { instagram: 'Mine' } }), 'instagram')).toBe('Mine');
  });

  it('says what is missing before asking the server', () => {
    expect(formProblem(form({ selected: [] }), accounts)).toBe(postingUiMessages.chooseAccount);
    expect(formProblem(form({ privacy: { acc_yt: 'private' } }), accounts)).toBe(postingUiMessages.privacyRequired('@maya'));
    expect(formProblem(form({ youtubeTitle: ' ' }), accounts)).toMatch(/YouTube title/);
    expect(formProblem(form({ platformText: { instagram: Array.from({ length: 31 }, (_, index) => `#t${index}`).join(' ') } }), accounts)).toMatch(/hashtags/);
    expect(formProblem(form(), accounts)).toBeUndefined();
  });

  it('builds a request the contract accepts: YouTube’s title and flags on YouTube only, the time as an ISO instant', () => {
    const at = new Date('2026-12-03T18:30:00.000Z');
    const request = requestFromForm(form({ platformText: { tiktok: 'For TikTok' } }), accounts, at);
    expect(publishRequestSchema.safeParse(request).success).toBe(true);
    expect(request).toEqual({
      targets: [
        { accountId: 'acc_tt', caption: 'For TikTok', privacy: 'SELF_ONLY' },
        {
          accountId: 'acc_yt',
          caption: 'Better coffee #coffee',
          privacy: 'private',
          title: 'Three grinder mistakes',
          madeForKids: false,
          containsSyntheticMedia: true,
        },
        { accountId: 'acc_ig', caption: 'Better coffee #coffee', privacy: 'public' },
      ],
      scheduledAt: '2026-12-03T18:30:00.000Z',
    });
    expect(requestFromForm(form({ selected: ['acc_ig'], caption: '  ' }), accounts)).toEqual({ targets: [{ accountId: 'acc_ig', privacy: 'public' }] });
  });

  it('reads each state of a publication', () => {
    expect(publicationStatusText(publication({ status: 'uploading', progress: 61.6 }))).toEqual({ text: 'Uploading 62%', tone: 'moving' });
    expect(publicationStatusText(publication({ status: 'published' })).tone).toBe('done');
    expect(publicationStatusText(publication({ status: 'failed' })).tone).toBe('failed');
    expect(publicationStatusText(publication({ status: 'scheduled', scheduledAt: '2026-12-03T18:30:00.000Z' })).text).toMatch(/^Scheduled · Dec 3, /);
  });

  it('polls every few seconds while a post moves or is about due, slowly for a later one, not at all once all are final', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    expect(pollIntervalFor([publication({ status: 'uploading' }), publication({ status: 'published' })], now)).toBe(PUBLICATION_POLL_MS);
    expect(pollIntervalFor([publication({ status: 'scheduled', scheduledAt: '2026-11-26T12:00:30.000Z' })], now)).toBe(PUBLICATION_POLL_MS);
    expect(pollIntervalFor([publication({ status: 'scheduled', scheduledAt: '2026-11-27T12:00:00.000Z' })], now)).toBe(SCHEDULED_POLL_MS);
    expect(pollIntervalFor([publication({ status: 'published' }), publication({ status: 'failed' }), publication({ status: 'cancelled' })], now)).toBe(0);
  });

  it('moves a publication to a live message’s state; the card leaves out cancelled ones', () => {
    const list = [publication({ id: 'a', status: 'uploading', progress: 10 }), publication({ id: 'b', status: 'published' })];
    const base = { scriptId: 's1', accountId: 'acc_tt', platform: 'tiktok' } as const;
    expect(applyPublicationMessage(list, { ...base, publicationId: 'a', status: 'uploading', progress: 50 }).map((one) => one.progress)).toEqual([
      50,
      undefined,
    ]);
    const done = applyPublicationMessage(list, { ...base, publicationId: 'a', status: 'published', postUrl: 'https://example.com/v/1' })[0];
    expect(done).toMatchObject({ status: 'published', postUrl: 'https://example.com/v/1', accountName: '@maya' });
    expect(applyPublicationMessage(list, { ...base, publicationId: 'c', status: 'queued' })).toEqual(list);
    const many = Array.from({ length: 8 }, (_, index) => publication({ id: String(index), status: index === 0 ? 'cancelled' : 'published' }));
    expect(visiblePublications(many, 6)).toMatchObject({ hidden: 1 });
    expect(visiblePublications(many, 6).shown.map((one) => one.id)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('the realtime contract carries a publications message the card subscribes to', () => {
    expect(subscriptionTypes).toContain('publications');
    const message: ServerMessage = { type: 'publications', publicationId: 'p1', scriptId: 's1', accountId: 'a1', platform: 'youtube', status: 'published' };
    expect(message.type).toBe('publications');
  });
});
