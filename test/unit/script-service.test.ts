import { describe, expect, it } from 'vitest';
import { ScriptService, maxPageSize, scriptNotFound } from '../../functions/core/scripts/script-service';
import { staleRunMs, videoBusyCode } from '../../functions/core/scripts/lifecycle';
import { filesOfAudioUrl, keyOfVideoUrl, voiceOverFiles } from '../../functions/core/files/script-files';
import { OwnedReferences } from '../../functions/core/users/references';
import { presetVoices } from '../../functions/core/voices/voice';
import { MemoryMedia } from '../fakes/in-memory/media';
import { MemoryObjectStore } from '../fakes/in-memory/object-store';
import { MemoryScripts } from '../fakes/in-memory/scripts';
import { MemoryPublisher } from '../fakes/in-memory/users';
import { MemoryVoices } from '../fakes/in-memory/voices';

const now = Date.parse('2026-06-01T10:00:00Z');
const preset = presetVoices[0]?.id ?? '';

/** ScriptService on in-memory ports: the scripts' rules without the emulator stack. */
function scriptsArea() {
  const scripts = new MemoryScripts();
  const voices = new MemoryVoices();
  const media = new MemoryMedia();
  const files = new MemoryObjectStore();
  const publisher = new MemoryPublisher();
  const warnings: string[] = [];
  const service = new ScriptService(scripts, publisher, {
    references: new OwnedReferences({ voices, folders: media }),
    files,
    log: { warn: (message) => void warnings.push(message) },
    clock: () => now,
  });
  return { scripts, voices, media, files, publisher, warnings, service };
}

/** A script with a voice-over and a video stored in the bucket. */
function withMedia(area: ReturnType<typeof scriptsArea>, userId: string, scriptId: string) {
  const audio = voiceOverFiles(userId, scriptId, 'abc123');
  const videoUrl = `/api/video/${scriptId}-run1.mp4`;
  area.scripts.add(userId, scriptId, {
    audioUrl: audio.audioUrl,
    audioDuration: 12,
    audioGenerationStatus: 'complete',
    videoUrl,
    videoGenerationStatus: 'complete',
  });
  const videoKey = keyOfVideoUrl(userId, videoUrl) ?? '';
  for (const key of [audio.audioKey, audio.wordsKey, videoKey]) area.files.objects.set(key, { body: new Uint8Array([1]), contentType: 'x' });
  return { audioKey: audio.audioKey, wordsKey: audio.wordsKey, videoKey };
}

describe('ScriptService: ownership', () => {
  it('answers another user’s script as not found, never as someone else’s', async () => {
    const area = scriptsArea();
    area.scripts.add('owner', 's1');
    await expect(area.service.get('intruder', 's1')).rejects.toMatchObject({ name: 'NotFoundError', message: scriptNotFound });
    await expect(area.service.update('intruder', 's1', { isActive: false })).rejects.toMatchObject({ status: 404 });
    await expect(area.service.delete('intruder', 's1')).rejects.toMatchObject({ status: 404 });
    expect((await area.scripts.get('owner', 's1'))?.isActive).toBe(true);
  });

  it('refuses a voice or a folder that is neither a preset nor the caller’s, naming each field', async () => {
    const area = scriptsArea();
    area.voices.addPrivate('other', 'their-voice');
    area.media.addFolder('other', 'their-folder');
    const refused = area.service.create('u1', { title: 'T', scriptContent: 'Words here.', voiceId: 'their-voice', preferredFolderId: 'their-folder' });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      details: [
        { path: 'voiceId', message: 'voiceId: Voice not found' },
        { path: 'preferredFolderId', message: 'preferredFolderId: Folder not found' },
      ],
    });
    expect(area.scripts.byKey.size).toBe(0);
    expect(area.publisher.messages).toEqual([]);
  });

  it('takes a preset voice and the caller’s own folder, saves the script and tells the open pages', async () => {
    const area = scriptsArea();
    area.media.addFolder('u1', 'mine');
    const script = await area.service.create('u1', { title: 'T', scriptContent: 'Words here.', voiceId: preset, preferredFolderId: 'mine' });
    expect(await area.scripts.get('u1', script.id)).toMatchObject({ voiceId: preset, preferredFolderId: 'mine', createdAt: new Date(now).toISOString() });
    expect(area.publisher.messages).toEqual([{ userId: 'u1', message: { type: 'scripts', scriptId: script.id } }]);
  });

  it('checks a changed voice only: the voice a script already has stays even if it is no longer the user’s', async () => {
    const area = scriptsArea();
    area.scripts.add('u1', 's1', { voiceId: 'gone-voice' });
    await expect(area.service.update('u1', 's1', { voiceId: 'gone-voice', isActive: false })).resolves.toMatchObject({ isActive: false });
    await expect(area.service.update('u1', 's1', { voiceId: 'someone-elses' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('ScriptService: the video run’s claim', () => {
  it('refuses new words while a run holds the script (409), and leaves the words and files as they were', async () => {
    const area = scriptsArea();
    const keys = withMedia(area, 'u1', 's1');
    area.scripts.hold('u1', 's1', 'run-1', now - 60_000);
    await expect(area.service.update('u1', 's1', { scriptContent: 'New words.' })).rejects.toMatchObject({ status: 409, code: videoBusyCode });
    await expect(area.service.replaceWords('u1', 's1', { scriptContent: 'Other words.' })).rejects.toMatchObject({ code: videoBusyCode });
    await expect(area.service.delete('u1', 's1')).rejects.toMatchObject({ code: videoBusyCode });
    await expect(area.service.assertNoVideoRun('u1', 's1')).rejects.toMatchObject({ code: videoBusyCode });
    expect((await area.scripts.get('u1', 's1'))?.scriptContent).toBe('Coffee is good. Drink it hot.');
    expect([...area.files.objects.keys()].sort()).toEqual(Object.values(keys).sort());
  });

  it('lets the fields a run does not depend on change during the run', async () => {
    const area = scriptsArea();
    area.scripts.add('u1', 's1');
    area.scripts.hold('u1', 's1', 'run-1', now - 60_000);
    await expect(area.service.update('u1', 's1', { isActive: false })).resolves.toMatchObject({ isActive: false });
  });

  it('treats a claim older than the state machine’s bound as over: the words may change again', async () => {
    const area = scriptsArea();
    area.scripts.add('u1', 's1');
    area.scripts.hold('u1', 's1', 'run-1', now - staleRunMs - 1);
    await area.service.assertNoVideoRun('u1', 's1');
    await expect(area.service.update('u1', 's1', { scriptContent: 'New words.' })).resolves.toMatchObject({ scriptContent: 'New words.' });
  });
});

describe('ScriptService: new words reset the media', () => {
  it('resets audio and video and removes the files the script no longer references', async () => {
    const area = scriptsArea();
    withMedia(area, 'u1', 's1');
    const updated = await area.service.update('u1', 's1', { scriptContent: 'Brand new words.' });
    expect(updated).toMatchObject({ audioUrl: null, videoUrl: null, audioGenerationStatus: 'idle', videoGenerationStatus: 'idle' });
    expect(area.files.objects.size).toBe(0);
  });

  it('keeps the files when only other fields change', async () => {
    const area = scriptsArea();
    const keys = withMedia(area, 'u1', 's1');
    await area.service.update('u1', 's1', { isActive: false });
    expect([...area.files.objects.keys()].sort()).toEqual(Object.values(keys).sort());
    expect((await area.scripts.get('u1', 's1'))?.audioUrl).toMatch(/^\/api\/audio\//);
  });

  it('removes a deleted script’s files; a bucket that fails is logged, never a failed delete', async () => {
    const area = scriptsArea();
    const { audioKey } = withMedia(area, 'u1', 's1');
    await area.service.delete('u1', 's1');
    expect(area.files.objects.has(audioKey)).toBe(false);
    expect(filesOfAudioUrl('u1', '/api/audio/s1-abc123.mp3')?.audioKey).toBe(audioKey);

    withMedia(area, 'u1', 's2');
    area.files.delete = () => Promise.reject(new Error('S3 is down'));
    await area.service.delete('u1', 's2');
    expect(await area.scripts.get('u1', 's2')).toBeUndefined();
    expect(area.warnings).toEqual(['files of a script not removed']);
  });
});

describe('ScriptService: listing', () => {
  it('holds a page to the maximum and pages newest first without repeats', async () => {
    const area = scriptsArea();
    for (let i = 0; i < 205; i++) area.scripts.add('u1', `s${String(i).padStart(3, '0')}`);
    area.scripts.add('u2', 'other');
    const first = await area.service.list('u1', { limit: 1000 });
    expect(first.items).toHaveLength(maxPageSize);
    expect(first.items[0]?.id).toBe('s204');
    const rest = await area.service.list('u1', { limit: 1000, cursor: first.cursor });
    expect(rest.items.map((script) => script.id)).toEqual(['s004', 's003', 's002', 's001', 's000']);
    expect(rest.cursor).toBeUndefined();
    expect((await area.service.list('u1')).items).toHaveLength(100);
  });
});
