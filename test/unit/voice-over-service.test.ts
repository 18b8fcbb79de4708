import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../functions/core/errors';
import { voiceOverFiles } from '../../functions/core/files/script-files';
import { UsageMeter } from '../../functions/core/plans/usage-meter';
import { videoBusyCode } from '../../functions/core/scripts/lifecycle';
import { presetVoices } from '../../functions/core/voices/voice';
import { VoiceService } from '../../functions/core/voices/voice-service';
import { VoiceOverService, fileNotFound, invalidFileName } from '../../functions/core/voiceover/voice-over-service';
import { MemoryObjectStore } from '../fakes/in-memory/object-store';
import { MemoryScripts } from '../fakes/in-memory/scripts';
import { MemoryEncoder, MemorySpeech } from '../fakes/in-memory/speech';
import { MemoryUsageCounters } from '../fakes/in-memory/usage';
import { MemoryPublisher, MemoryUsers } from '../fakes/in-memory/users';
import { MemoryVoices } from '../fakes/in-memory/voices';

const now = Date.parse('2026-06-01T10:00:00Z');
const secondPreset = presetVoices[1];
// Ten words at 0.4 s each: a 4 s voice-over, charged 0.07 minutes.
const tenWords = 'one two three four five six seven eight nine ten';

/** VoiceOverService on in-memory ports, with the real voice service and usage meter over them. */
function voiceOverArea() {
  const users = new MemoryUsers();
  const scripts = new MemoryScripts();
  const voices = new MemoryVoices();
  const storage = new MemoryObjectStore();
  const counters = new MemoryUsageCounters(users);
  const speech = new MemorySpeech();
  const publisher = new MemoryPublisher();
  const voiceService = new VoiceService({ voices, users, files: storage, synthesizer: { synthesize: () => Promise.reject(new Error('no samples here')) } });
  let nonce = 0;
  const service = new VoiceOverService(
    {
      scripts,
      users,
      voices: voiceService,
      speech,
      encoder: new MemoryEncoder(),
      storage,
      meter: new UsageMeter({ users, counters }, () => now),
      publisher,
      nonce: () => `n${++nonce}`,
    },
    () => now,
  );
  users.add('u1', { audioMinutesLastReset: '2026-05-20T00:00:00.000Z' });
  scripts.add('u1', 's1', { scriptContent: tenWords });
  return { users, scripts, voices, storage, counters, speech, publisher, service };
}

describe('VoiceOverService: a conversion', () => {
  it('stores the MP3 and its words under the user, charges the minutes, and marks the script complete', async () => {
    const area = voiceOverArea();
    const result = await area.service.convert('u1', 's1');
    const files = voiceOverFiles('u1', 's1', 'n1');
    expect(result).toMatchObject({ audioUrl: files.audioUrl, audioDuration: 4, tokensUsed: tenWords.length });
    expect([...area.storage.objects.keys()].sort()).toEqual([files.audioKey, files.wordsKey].sort());
    expect(files.audioKey.startsWith('users/u1/')).toBe(true);
    expect(area.counters.used('u1', 'audioMinutes')).toBe(0.07);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({ audioGenerationStatus: 'complete', audioUrl: files.audioUrl, audioDuration: 4 });
    expect(area.publisher.ofType('script-update').map((message) => message.audioGenerationStatus)).toEqual(['generating', 'complete']);
  });

  it('speaks with the voice asked for, else the script’s, else the user’s selected voice, at the user’s speed', async () => {
    const area = voiceOverArea();
    area.users.add('u1', { selectedVoice: secondPreset?.id ?? null, voiceSpeed: 1.2, audioMinutesLastReset: '2026-05-20T00:00:00.000Z' });
    await area.service.convert('u1', 's1');
    expect(area.speech.requests[0]?.voice).toMatchObject({ voiceId: secondPreset?.voiceId, speed: 1.2 });
    const mine = area.voices.addPrivate('u1', 'my-clone');
    const converted = await area.service.convert('u1', 's1', { voiceId: mine.id });
    expect(area.speech.requests[1]?.voice.voiceId).toBe(mine.voiceId);
    expect(converted.script.voiceId).toBe(mine.id);
  });

  it('refuses another user’s voice (404) before speaking or charging anything', async () => {
    const area = voiceOverArea();
    area.voices.addPrivate('u2', 'their-clone');
    await expect(area.service.convert('u1', 's1', { voiceId: 'their-clone' })).rejects.toMatchObject({ status: 404, message: 'Voice not found' });
    expect(area.speech.requests).toEqual([]);
    expect(area.counters.used('u1', 'audioMinutes')).toBe(0);
  });

  it('replaces an earlier voice-over: the old files go', async () => {
    const area = voiceOverArea();
    await area.service.convert('u1', 's1');
    await area.service.convert('u1', 's1');
    const second = voiceOverFiles('u1', 's1', 'n2');
    expect([...area.storage.objects.keys()].sort()).toEqual([second.audioKey, second.wordsKey].sort());
  });
});

describe('VoiceOverService: refusals leave nothing behind', () => {
  it('refuses a user with no audio minutes left before anything is spoken', async () => {
    const area = voiceOverArea();
    area.users.add('u1', { audioMinutesUsed: 15 });
    await expect(area.service.convert('u1', 's1')).rejects.toMatchObject({ status: 403, code: 'AUDIO_MINUTES_LIMIT' });
    expect(area.speech.requests).toEqual([]);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({ audioGenerationStatus: 'idle' });
  });

  it('deletes the stored files and charges nothing when the minutes do not fit, saying why on the script', async () => {
    const area = voiceOverArea();
    area.users.add('u1', { audioMinutesUsed: 14.95 });
    await expect(area.service.convert('u1', 's1')).rejects.toMatchObject({ code: 'AUDIO_MINUTES_LIMIT' });
    expect(area.storage.objects.size).toBe(0);
    expect(area.counters.used('u1', 'audioMinutes')).toBe(14.95);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({
      audioGenerationStatus: 'failed',
      audioGenerationError: 'Audio minutes limit reached',
      audioUrl: null,
    });
  });

  it('turns a provider failure into the user’s reason on the script, storing and charging nothing', async () => {
    const area = voiceOverArea();
    area.speech.failure = new ProviderError('ElevenLabs is busy. Try again in a minute.', 503);
    await expect(area.service.convert('u1', 's1')).rejects.toMatchObject({ name: 'AudioGenerationError' });
    expect(await area.scripts.get('u1', 's1')).toMatchObject({
      audioGenerationStatus: 'failed',
      audioGenerationError: 'ElevenLabs is busy. Try again in a minute.',
    });
    expect(area.storage.objects.size).toBe(0);
    expect(area.counters.used('u1', 'audioMinutes')).toBe(0);
    expect(area.publisher.ofType('script-update').at(-1)).toMatchObject({
      audioGenerationStatus: 'failed',
      message: 'ElevenLabs is busy. Try again in a minute.',
    });
  });

  it('refuses a conversion while a video run holds the script (409), before speaking', async () => {
    const area = voiceOverArea();
    area.scripts.hold('u1', 's1', 'run-1', now - 1000);
    await expect(area.service.convert('u1', 's1')).rejects.toMatchObject({ status: 409, code: videoBusyCode });
    expect(area.speech.requests).toEqual([]);
  });

  it('refuses words past the script limit (400) and a script that is not the user’s (404)', async () => {
    const area = voiceOverArea();
    area.scripts.add('u1', 'long', { scriptContent: 'word '.repeat(1100) });
    await expect(area.service.convert('u1', 'long')).rejects.toMatchObject({ status: 400 });
    area.users.add('u2');
    await expect(area.service.convert('u2', 's1')).rejects.toMatchObject({ status: 404, message: 'Script not found' });
    expect(area.speech.requests).toEqual([]);
  });
});

describe('VoiceOverService: the pipeline’s voice-over', () => {
  it('reuses a stored voice-over without speaking or charging again, and makes one (without the guard) when missing', async () => {
    const area = voiceOverArea();
    area.scripts.hold('u1', 's1', 'run-1', now - 1000);
    const made = await area.service.ensureVoiceOver('u1', 's1');
    expect(made).toMatchObject({ durationSeconds: 4 });
    expect(made.words).toHaveLength(10);
    const again = await area.service.ensureVoiceOver('u1', 's1');
    expect(again).toEqual(made);
    expect(area.speech.requests).toHaveLength(1);
    expect(area.counters.used('u1', 'audioMinutes')).toBe(0.07);
  });
});

describe('VoiceOverService: playback URLs', () => {
  it('signs only the caller’s own files, refuses odd names, and names a download after the title', async () => {
    const area = voiceOverArea();
    const scriptId = '01J00000000000000000000000';
    area.scripts.add('u1', scriptId, { title: 'Morning Coffee, Done Right!', scriptContent: tenWords });
    await area.service.convert('u1', scriptId);
    const file = `${scriptId}-n1.mp3`;
    await expect(area.service.playbackUrl('u1', 'audio', file)).resolves.toContain(`users/u1/audio/${file}`);
    area.users.add('u2');
    await expect(area.service.playbackUrl('u2', 'audio', file)).rejects.toMatchObject({ status: 404, message: fileNotFound });
    await expect(area.service.playbackUrl('u1', 'audio', '../u2/x.mp3')).rejects.toMatchObject({ status: 400, message: invalidFileName });
    await expect(area.service.playbackUrl('u1', 'audio', `${scriptId}-n1.words.json`, { download: true })).rejects.toMatchObject({ status: 400 });
    await expect(area.service.playbackUrl('u1', 'audio', file, { download: true })).resolves.toContain('download=morning-coffee-done-right.mp3');
  });
});
