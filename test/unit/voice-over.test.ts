import { describe, expect, it } from 'vitest';
import { wordsFromCharacters } from '../../functions/core/captions/word-timings';
import { LimitExceededError } from '../../functions/core/errors';
import type { UserRepository } from '../../functions/core/ports/accounts';
import type { ObjectStore } from '../../functions/core/ports/object-store';
import type { VoiceRepository, VoiceSampleSynthesizer } from '../../functions/core/ports/voices';
import type { UsageCounters } from '../../functions/core/ports/usage';
import { newUser, type User } from '../../functions/core/users/user';
import { usageMinutes } from '../../functions/core/plans/usage-minutes';
import { UsageMeter } from '../../functions/core/plans/usage-meter';
import { filesOfAudioUrl, isPlaybackFileName, voiceOverFiles } from '../../functions/core/files/script-files';
import { voiceCandidates, voiceSettingsOf } from '../../functions/core/voiceover/voice-choice';
import { fitWords } from '../../functions/core/voiceover/voice-over-service';
import type { UserVoice, Voice } from '../../functions/core/voices/voice';
import { VoiceService } from '../../functions/core/voices/voice-service';
import { buildSpeech } from '../../functions/compose/speech';

function alignment(text: string, step = 0.1) {
  return {
    characters: [...text],
    characterStartTimesSeconds: [...text].map((_, i) => i * step),
    characterEndTimesSeconds: [...text].map((_, i) => (i + 1) * step),
  };
}

describe('words from ElevenLabs character timings', () => {
  it('groups characters into words at any whitespace, start of the first to end of the last', () => {
    expect(wordsFromCharacters(alignment('Go now,\nfriend.'))).toEqual([
      { word: 'Go', start: 0, end: 0.2 },
      { word: 'now,', start: 0.3, end: 0.7 },
      { word: 'friend.', start: 0.8, end: 1.5 },
    ]);
  });

  it('keeps a dash or an ellipsis with a word instead of captioning it alone', () => {
    expect(wordsFromCharacters(alignment('— Wait … what'))).toEqual([
      { word: '— Wait …', start: 0, end: 0.8 },
      { word: 'what', start: 0.9, end: 1.3 },
    ]);
  });

  it('answers nothing for silence and rounds to the millisecond', () => {
    expect(wordsFromCharacters(alignment('   '))).toEqual([]);
    expect(wordsFromCharacters(alignment('ab', 1 / 3))).toEqual([{ word: 'ab', start: 0, end: 0.667 }]);
  });
});

describe('fitting word timings to the audio', () => {
  it('keeps words in order and inside the audio', () => {
    expect(
      fitWords(
        [
          { word: 'a', start: 0.5, end: 0.4 },
          { word: 'b', start: 0.3, end: 0.9 },
          { word: ' ', start: 1, end: 1.1 },
          { word: 'c', start: 1.8, end: 2.5 },
        ],
        2,
      ),
    ).toEqual([
      { word: 'a', start: 0.5, end: 0.5 },
      { word: 'b', start: 0.5, end: 0.9 },
      { word: 'c', start: 1.8, end: 2 },
    ]);
  });
});

describe('choosing the voice', () => {
  it('tries the voice asked for, then the script’s, then the user’s selected voice', () => {
    expect(voiceCandidates({ requested: 'asked', scriptVoiceId: 'script', selectedVoice: 'selected' })).toEqual(['asked', 'script', 'selected']);
    expect(voiceCandidates({ requested: undefined, scriptVoiceId: ' ', selectedVoice: 'selected' })).toEqual(['selected']);
    expect(voiceCandidates({ scriptVoiceId: 'same', selectedVoice: 'same' })).toEqual(['same']);
    expect(voiceCandidates({})).toEqual([]);
  });

  const own: Voice = {
    id: 'OWN1',
    voiceId: 'el-own-voice',
    name: 'Mine',
    modelId: 'eleven_turbo_v2',
    speed: 1.1,
    stability: 0.4,
    similarityBoost: 0.9,
    style: 0.2,
    speakerBoost: false,
    visibility: 'private',
    userId: 'U1',
    description: null,
    gender: null,
    sampleKey: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  function service(links: UserVoice[] = []) {
    const stored = new Map<string, Voice>([[own.id, own]]);
    const voices: VoiceRepository = {
      listPublic: async () => [...stored.values()].filter((v) => v.visibility === 'public'),
      listPrivate: async () => [own],
      find: async (userId, id) => {
        const voice = stored.get(id);
        return voice && (voice.visibility === 'public' || voice.userId === userId) ? voice : undefined;
      },
      seedPublic: async (presets) => presets.forEach((v) => stored.has(v.id) || stored.set(v.id, v)),
      createPrivate: async () => undefined,
      createTest: async () => true,
      deleteTest: async () => false,
      setSampleKey: async () => undefined,
      deletePrivate: async () => false,
      saveLink: async () => undefined,
      links: async () => links,
      countPrivate: async () => 1,
    };
    const unused = {} as UserRepository & ObjectStore & VoiceSampleSynthesizer;
    return new VoiceService({ voices, users: unused, files: unused, synthesizer: unused });
  }

  it('uses the first voice that exists, then the default link, then the first preset', async () => {
    expect((await service().resolve('U1', ['gone', 'OWN1'])).voiceId).toBe('el-own-voice');
    expect((await service().resolve('U2', ['OWN1'])).name).toBe('Rachel'); // another user's voice is not found
    expect((await service().resolve('U1', ['pNInz6obpgDQGcFmaJgB'])).name).toBe('Adam');
    const linked = service([{ id: 'L', userId: 'U1', voiceId: 'OWN1', isDefault: true, createdAt: '' }]);
    expect((await linked.resolve('U1', ['gone'])).id).toBe('OWN1');
    expect((await service().resolve('U1', [])).voiceId).toBe('21m00Tcm4TlvDq8ikWAM');
  });

  it('passes the voice record’s provider settings to the synthesizer, with the free voice that speaks it offline', () => {
    expect(voiceSettingsOf(own)).toEqual({
      voiceId: 'el-own-voice',
      modelId: 'eleven_turbo_v2',
      speed: 1.1,
      stability: 0.4,
      similarityBoost: 0.9,
      style: 0.2,
      speakerBoost: false,
      gender: own.gender,
      offlineVoice: own.gender === 'female' ? 'slt' : 'rms',
    });
    expect(voiceSettingsOf({ ...own, voiceId: 'flite-awb', gender: 'male' }).offlineVoice).toBe('awb');
    expect(voiceSettingsOf({ ...own, gender: 'male' }).offlineVoice).toBe('rms');
    expect(voiceSettingsOf({ ...own, gender: 'female' }).offlineVoice).toBe('slt');
  });

  it('speaks at the creator’s speed when they chose one, kept within 0.8x–1.3x', () => {
    expect(voiceSettingsOf(own, { speed: 1.25 }).speed).toBe(1.25);
    expect(voiceSettingsOf(own, { speed: 3 }).speed).toBe(1.3);
    expect(voiceSettingsOf(own, { speed: 0.2 }).speed).toBe(0.8);
    expect(voiceSettingsOf(own, { speed: null }).speed).toBe(1.1);
  });
});

describe('audio minutes', () => {
  it('charges two decimals, at least a hundredth of a minute', () => {
    expect(usageMinutes(0)).toBe(0);
    expect(usageMinutes(0.2)).toBe(0.01);
    expect(usageMinutes(30)).toBe(0.5);
    expect(usageMinutes(61.8)).toBe(1.03);
  });

  function meter(now: string) {
    const calls: string[] = [];
    const counter: UsageCounters = {
      add: async (_id, metric, minutes, limit) => (calls.push(`add ${metric} ${minutes}/${limit}`), minutes <= 1),
      reset: async (_id, metric) => void calls.push(`reset ${metric}`),
      refund: async () => void calls.push('refund'),
      addCapped: async () => void calls.push('addCapped'),
      reserveRun: async () => (calls.push('reserveRun'), true),
      settleRun: async () => (calls.push('settleRun'), undefined),
      releaseRun: async () => (calls.push('releaseRun'), 0),
    };
    return { calls, meter: new UsageMeter({ users: { get: async () => undefined }, counters: counter }, () => Date.parse(now)) };
  }
  const user = (fields: Partial<User>): User => ({
    ...newUser({ id: 'U1', username: 'u', email: 'u@example.com', now: new Date('2026-01-01T00:00:00Z') }),
    ...fields,
  });

  it('refuses a free user at the one-time limit and never resets free minutes', async () => {
    const { calls, meter: m } = meter('2027-06-01T00:00:00Z');
    await expect(m.checkAudio(user({ audioMinutesUsed: 15 }))).rejects.toMatchObject({
      message: 'Audio minutes limit reached',
      details: 'You have used 15 of 15 audio minutes on the Free plan.',
    });
    expect(calls).toEqual([]);
  });

  it('starts a basic or pro period again 30 days after the last reset', async () => {
    const { calls, meter: m } = meter('2026-02-01T00:00:00Z');
    await m.checkAudio(user({ subscriptionTier: 'basic', audioMinutesUsed: 45 }));
    expect(calls).toEqual(['reset audioMinutes']);
    const early = meter('2026-01-20T00:00:00Z');
    await expect(early.meter.checkAudio(user({ subscriptionTier: 'basic', audioMinutesUsed: 45 }))).rejects.toMatchObject({
      details: 'You have used 45 of 45 audio minutes on the Basic plan. Your minutes renew on 2026-01-31.',
    });
  });

  it('refuses a charge the counter will not take', async () => {
    const { calls, meter: m } = meter('2026-01-02T00:00:00Z');
    await m.chargeAudio(user({ audioMinutesUsed: 3 }), 0.5);
    await expect(m.chargeAudio(user({ audioMinutesUsed: 14.5 }), 1.2)).rejects.toBeInstanceOf(LimitExceededError);
    expect(calls).toEqual(['add audioMinutes 0.5/15', 'add audioMinutes 1.2/15']);
  });
});

describe('voice-over files', () => {
  it('names the MP3 and its words JSON under the user, and reads them back from the audio URL', () => {
    const files = voiceOverFiles('U1', 'S1', 'abc123');
    expect(files).toEqual({
      audioFile: 'S1-abc123.mp3',
      audioKey: 'users/U1/audio/S1-abc123.mp3',
      wordsKey: 'users/U1/audio/S1-abc123.words.json',
      audioUrl: '/api/audio/S1-abc123.mp3',
    });
    expect(filesOfAudioUrl('U1', files.audioUrl)).toMatchObject({ audioKey: files.audioKey, wordsKey: files.wordsKey });
    expect(filesOfAudioUrl('U1', 'https://example.com/a.mp3')).toBeUndefined();
    expect(filesOfAudioUrl('U1', '/api/audio/../x.mp3')).toBeUndefined();
    expect(filesOfAudioUrl('U1', null)).toBeUndefined();
  });

  it('accepts only plain file names on the playback routes', () => {
    for (const good of ['S1-abc.mp3', 'S1-abc.words.json', 'S1-abc.mp4', 'S1-abc.jpg']) expect(isPlaybackFileName(good)).toBe(true);
    for (const bad of ['../x.mp3', 'a/b.mp3', 'a.b.mp3', 'x.exe', 'x.mp3.exe', '.mp3', 'x.MP3', `${'a'.repeat(300)}.mp3`])
      expect(isPlaybackFileName(bad)).toBe(false);
  });
});

describe('choosing the speech provider', () => {
  const base = { ELEVENLABS_API_KEY: undefined, ELEVENLABS_BASE_URL: undefined, ELEVENLABS_API_KEY_PARAMETER: undefined };

  it('uses ElevenLabs with a key and the offline voice (Flite, eSpeak NG) without one', () => {
    expect(buildSpeech({ ...base, ELEVENLABS_API_KEY: 'xi-key' }).name).toBe('elevenlabs');
    expect(buildSpeech(base).name).toBe('offline');
  });

  it('reads the key from the secret store on first use, once', async () => {
    let reads = 0;
    const speech = buildSpeech({ ...base, ELEVENLABS_API_KEY_PARAMETER: '/reelsmith/x/elevenlabs-api-key' }, async () => {
      reads += 1;
      return undefined;
    });
    const first = await speech.synthesize('Hello there.', { voiceId: 'en-us' });
    await speech.synthesize('Hello.', { voiceId: 'en-us' });
    expect(reads).toBe(1);
    expect(speech.name).toBe('offline');
    expect(first.words.map((w) => w.word)).toEqual(['Hello', 'there.']);
  });
});
