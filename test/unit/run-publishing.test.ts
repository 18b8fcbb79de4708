import { describe, expect, it } from 'vitest';
import type { Publication, PublishRequest } from '../../functions/contract/publishing';
import { createScheduleSchema } from '../../functions/contract/workflows';
import type { StoredSchedule } from '../../functions/core/ports/workflows';
import { captionFrom, maxPublishChecks, RunPublishing } from '../../functions/core/workflows/run-publishing';

const at = '2026-05-20T09:00:00.000Z';

function schedule(fields: Partial<StoredSchedule> = {}): StoredSchedule {
  return {
    ...createScheduleSchema.parse({ name: 'Mornings', templateId: 'T1' }),
    id: 'S1',
    userId: 'u1',
    dayOfWeek: null,
    dayOfMonth: null,
    nextRunAt: null,
    lastRunAt: null,
    lastRun: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  } as StoredSchedule;
}

function bench(stored: StoredSchedule) {
  const published: PublishRequest[] = [];
  const publications: Publication[] = [];
  let n = 0;
  const publishing = new RunPublishing({
    schedules: { get: (_userId, id) => Promise.resolve(id === stored.id ? stored : undefined) },
    scriptOf: () => Promise.resolve({ title: 'Coffee tips', postCaption: 'Three ways to brew #coffee' }),
    publications: {
      publish: (_userId, scriptId, request) => {
        published.push(request);
        for (const target of request.targets) {
          n += 1;
          publications.unshift({
            id: `P${n}`,
            scriptId,
            accountId: target.accountId,
            platform: 'youtube',
            accountName: 'Chan',
            status: 'queued',
            createdAt: `${at}#${n}`,
          });
        }
        return Promise.resolve({});
      },
      list: () => Promise.resolve([...publications]),
    },
  });
  const set = (accountId: string, fields: Partial<Publication>) => {
    const found = publications.find((publication) => publication.accountId === accountId);
    if (found) Object.assign(found, fields);
  };
  return { publishing, published, publications, set };
}

describe('an automation run’s posts', () => {
  it('fills the caption template with the run’s words, and leaves the post caption when it is empty', () => {
    const script = { title: 'Coffee tips', postCaption: 'Brew better' };
    expect(captionFrom('{title}: {caption} #daily', script)).toBe('Coffee tips: Brew better #daily');
    expect(captionFrom('  ', script)).toBeUndefined();
    expect(captionFrom('{caption}', { title: 'T', postCaption: null })).toBe('');
    expect(captionFrom('{caption}'.repeat(400), { title: 'T', postCaption: 'x'.repeat(10) })?.length).toBe(2200);
  });

  it('skips posting when the schedule has no accounts', async () => {
    const { publishing, published } = bench(schedule());
    await expect(publishing.publish('u1', 'S1', 'SC1')).resolves.toEqual({ pending: false, accountIds: [], checks: 0 });
    expect(published).toEqual([]);
  });

  it('posts to each account with its privacy and the filled caption, once even when Publish runs twice', async () => {
    const { publishing, published, publications } = bench(
      schedule({ publishTargets: [{ accountId: 'A1', privacy: 'unlisted' }, { accountId: 'A2' }], publishCaption: '{title} — {caption}' }),
    );
    const posts = await publishing.publish('u1', 'S1', 'SC1');
    expect(posts).toEqual({ pending: true, accountIds: ['A1', 'A2'], checks: 0 });
    expect(published).toEqual([
      {
        targets: [
          { accountId: 'A1', privacy: 'unlisted', caption: 'Coffee tips — Three ways to brew #coffee' },
          { accountId: 'A2', caption: 'Coffee tips — Three ways to brew #coffee' },
        ],
      },
    ]);
    await publishing.publish('u1', 'S1', 'SC1');
    expect(published).toHaveLength(1);
    expect(publications).toHaveLength(2);
  });

  it('reposts to an account whose earlier post was cancelled', async () => {
    const { publishing, published, set } = bench(schedule({ publishTargets: [{ accountId: 'A1' }] }));
    await publishing.publish('u1', 'S1', 'SC1');
    set('A1', { status: 'cancelled' });
    await publishing.publish('u1', 'S1', 'SC1');
    expect(published).toHaveLength(2);
  });

  it('waits while a post is on its way, ends when every post is final', async () => {
    const { publishing, set } = bench(schedule({ publishTargets: [{ accountId: 'A1' }, { accountId: 'A2' }] }));
    const posts = await publishing.publish('u1', 'S1', 'SC1');
    set('A1', { status: 'published' });
    set('A2', { status: 'uploading', progress: 40 });
    const looked = await publishing.check('u1', 'SC1', posts);
    expect(looked).toEqual({ pending: true, accountIds: ['A1', 'A2'], checks: 1 });
    set('A2', { status: 'published' });
    await expect(publishing.check('u1', 'SC1', looked)).resolves.toMatchObject({ pending: false });
  });

  it('fails the run with the platform’s reason when a post failed', async () => {
    const { publishing, set } = bench(schedule({ publishTargets: [{ accountId: 'A1' }] }));
    const posts = await publishing.publish('u1', 'S1', 'SC1');
    set('A1', { status: 'failed', error: 'The daily upload limit was reached' });
    await expect(publishing.check('u1', 'SC1', posts)).rejects.toMatchObject({
      name: 'ConflictError',
      message: 'The post to YouTube (Chan) failed: The daily upload limit was reached',
    });
  });

  it('fails clearly when the posts do not finish within the looks', async () => {
    const { publishing } = bench(schedule({ publishTargets: [{ accountId: 'A1' }] }));
    const posts = await publishing.publish('u1', 'S1', 'SC1');
    await expect(publishing.check('u1', 'SC1', { ...posts, checks: maxPublishChecks - 1 })).rejects.toThrow(/did not finish in time/);
  });
});
