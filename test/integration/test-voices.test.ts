import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoVoiceRepository } from '../../functions/adapters/aws/dynamo/voice-repository';
import { testVoiceLimit, voiceDefaults, type PublicVoice } from '../../functions/contract/voices';
import { newId } from '../../functions/core/ids';
import { VoiceCloneLimitReachedError } from '../../functions/core/ports/voices';
import type { UserVoice, Voice } from '../../functions/core/voices/voice';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * Issue 36, defect 5: the developer test page's voice (POST /api/voices) is a test voice, not a clone.
 * It never takes one of the plan's voice-clone slots and is not listed with the creator's voices; the
 * clone counter itself (what the clone flow spends) is checked here at the repository, in parallel.
 */

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** The test page's body (the product's (docs/product.md#test-voice) fixed settings). */
const testVoiceBody = (name: string) => ({
  voiceId: 'test-voice-id',
  name,
  modelId: 'eleven_multilingual_v2',
  speed: 1.25,
  stability: 0.6,
  similarityBoost: 0.8,
  style: 0.3,
  speakerBoost: true,
  isDefault: false,
});

async function stats(user: SignedInUser) {
  return (await user.client.get<{ clonedVoices: number; voiceCloneLimit: number }>('/api/stats')).body;
}

/** A cloned voice as the clone flow writes it, through the repository and its plan counter. */
function cloneOf(userId: string, name: string): { voice: Voice; link: UserVoice } {
  const now = new Date().toISOString();
  const voice: Voice = {
    ...voiceDefaults,
    id: newId(),
    voiceId: `clone-${name}`,
    name,
    visibility: 'private',
    userId,
    description: null,
    gender: null,
    sampleKey: null,
    createdAt: now,
  };
  return { voice, link: { id: newId(), userId, voiceId: voice.id, isDefault: false, createdAt: now } };
}

describe('a test voice (POST /api/voices, the developer test page)', () => {
  it('takes no voice-clone slot: a free creator makes two, the stats count no clone, and a clone still fits', async () => {
    const user = await signUpAndIn(stack, 'tester');
    const first = await user.client.post<PublicVoice & { voice: PublicVoice }>('/api/voices', testVoiceBody('Test Voice'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ speed: 1.25, test: true, voice: { visibility: 'private', test: true } });
    // The free plan has one clone slot: a second test voice is still made, since neither is a clone.
    expect((await user.client.post('/api/voices', testVoiceBody('Another test'))).status).toBe(201);
    expect(await stats(user)).toMatchObject({ clonedVoices: 0, voiceCloneLimit: 1 });

    // The plan's one clone is still there to take, and only one.
    const repository = new DynamoVoiceRepository(services().table);
    const clone = cloneOf(user.id, 'Me');
    await repository.createPrivate(clone.voice, clone.link, 1);
    await expect(repository.createPrivate(cloneOf(user.id, 'Me again').voice, cloneOf(user.id, 'x').link, 1)).rejects.toBeInstanceOf(
      VoiceCloneLimitReachedError,
    );
    expect(await stats(user)).toMatchObject({ clonedVoices: 1 });
  });

  it('is not listed with the creator’s voices (no "Your Voice" in any list); the test page asks for it', async () => {
    const user = await signUpAndIn(stack, 'lister');
    const created = (await user.client.post<PublicVoice>('/api/voices', testVoiceBody('Test Voice'))).body;
    const listed = (await user.client.get<PublicVoice[]>('/api/voices')).body;
    expect(listed.some((voice) => voice.id === created.id)).toBe(false);
    expect(listed.every((voice) => voice.visibility === 'public')).toBe(true);

    const onTestPage = (await user.client.get<PublicVoice[]>('/api/voices?include=test')).body;
    expect(onTestPage.find((voice) => voice.id === created.id)).toMatchObject({ name: 'Test Voice', visibility: 'private', test: true });
    expect((await user.client.get('/api/voices?include=everything')).status).toBe(400);

    // It is the creator's own all the same: its sample plays for them, not for anyone else.
    expect((await user.client.get(`/api/voices/${created.id}/sample`)).status).toBe(200);
    const other = await signUpAndIn(stack, 'other');
    expect((await other.client.get(`/api/voices/${created.id}/sample`)).status).toBe(404);
    expect((await other.client.get<PublicVoice[]>('/api/voices?include=test')).body.some((voice) => voice.id === created.id)).toBe(false);
  });

  it('deleting a test voice gives back no clone slot, and a creator keeps at most 20 test voices', async () => {
    const user = await signUpAndIn(stack, 'deleter');
    const repository = new DynamoVoiceRepository(services().table);
    const clone = cloneOf(user.id, 'Mine');
    await repository.createPrivate(clone.voice, clone.link, 1);
    const test = (await user.client.post<PublicVoice>('/api/voices', testVoiceBody('Temporary'))).body;
    const deleted = await user.client.delete<{ clonedVoices: number }>(`/api/voices/${test.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.clonedVoices).toBe(1);
    // The clone counter did not move: the plan's one slot is still taken.
    await expect(repository.createPrivate(cloneOf(user.id, 'Second').voice, cloneOf(user.id, 'y').link, 1)).rejects.toBeInstanceOf(VoiceCloneLimitReachedError);

    for (let i = 0; i < testVoiceLimit; i += 1) expect((await user.client.post('/api/voices', testVoiceBody(`T${i}`))).status).toBe(201);
    const refused = await user.client.post<{ message: string; code: string }>('/api/voices', testVoiceBody('One too many'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Test voice limit reached', code: 'TEST_VOICE_LIMIT' });
    expect(await stats(user)).toMatchObject({ clonedVoices: 1 });
  });
});

describe('the voice-clone counter (what the clone flow spends)', () => {
  it('never lets parallel clones at the limit pass it together (basic: 3 of 8)', async () => {
    const user = await signUpAndIn(stack, 'racer');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    const repository = new DynamoVoiceRepository(services().table);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => {
        const clone = cloneOf(user.id, `Racer ${i}`);
        return repository.createPrivate(clone.voice, clone.link, 3);
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(VoiceCloneLimitReachedError);
    expect(await stats(user)).toMatchObject({ clonedVoices: 3, voiceCloneLimit: 3 });
  });

  it('counts clones made before the counter existed, and never test voices', async () => {
    const user = await signUpAndIn(stack, 'seeded');
    const repository = new DynamoVoiceRepository(services().table);
    for (const name of ['A', 'B']) {
      const clone = cloneOf(user.id, name);
      await repository.createPrivate(clone.voice, clone.link, 3);
    }
    for (const name of ['T1', 'T2']) expect((await user.client.post('/api/voices', testVoiceBody(name))).status).toBe(201);
    // As if the two clones predate the counter: the next clone seeds it from a count of the clones alone.
    const { table } = services();
    await table.client.send(new DeleteCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: 'VOICE_CLONES' } }));
    const third = cloneOf(user.id, 'C');
    await repository.createPrivate(third.voice, third.link, 3);
    await expect(repository.createPrivate(cloneOf(user.id, 'D').voice, cloneOf(user.id, 'z').link, 3)).rejects.toBeInstanceOf(VoiceCloneLimitReachedError);
    expect(await stats(user)).toMatchObject({ clonedVoices: 3 });
  });
});
