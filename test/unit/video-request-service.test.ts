import { describe, expect, it } from 'vitest';
import { generateVideoSchema } from '../../functions/contract/video';
import { UsageMeter } from '../../functions/core/plans/usage-meter';
import { videoBusyCode } from '../../functions/core/scripts/lifecycle';
import { SegmentPlanner } from '../../functions/core/video/segment-planner';
import { VideoRequestService } from '../../functions/core/video/video-request-service';
import { genericFailureMessage } from '../../functions/core/video/run';
import { MemoryMedia, MemoryRecentMediaUse, mediaAsset } from '../fakes/in-memory/media';
import { MemoryObjectStore } from '../fakes/in-memory/object-store';
import { MemoryPipeline } from '../fakes/in-memory/pipeline';
import { MemoryScripts, MemoryVideoRuns } from '../fakes/in-memory/scripts';
import { MemoryUsageCounters } from '../fakes/in-memory/usage';
import { MemoryPublisher, MemoryUsers } from '../fakes/in-memory/users';

const now = Date.parse('2026-06-01T10:00:00Z');

/** VideoRequestService on in-memory ports, with the real planner and usage meter over them. */
function videoArea() {
  const users = new MemoryUsers();
  const scripts = new MemoryScripts();
  const runs = new MemoryVideoRuns(scripts);
  const media = new MemoryMedia();
  const counters = new MemoryUsageCounters(users);
  const pipeline = new MemoryPipeline();
  const publisher = new MemoryPublisher();
  const usage = new UsageMeter({ users, counters }, () => now);
  const planner = new SegmentPlanner(media, new MemoryRecentMediaUse(), () => now);
  const service = new VideoRequestService({ scripts, users, runs, planner, pipeline, publisher, usage, files: new MemoryObjectStore() }, () => now);
  users.add('u1', { videoMinutesLastReset: '2026-05-20T00:00:00.000Z' });
  // A two-minute voice-over: the run reserves 2 video minutes.
  scripts.add('u1', 's1', { audioUrl: '/api/audio/s1-abc.mp3', audioDuration: 120 });
  media.addAsset(mediaAsset('u1', 'clip-1'));
  return { users, scripts, runs, media, counters, pipeline, publisher, service };
}

describe('VideoRequestService: what the request names must be the user’s', () => {
  it('answers another user’s script as not found and reserves nothing', async () => {
    const area = videoArea();
    area.users.add('u2');
    await expect(area.service.generate('u2', 's1', {})).rejects.toMatchObject({ status: 404, message: 'Script not found' });
    expect(area.counters.runs.size).toBe(0);
    expect(area.scripts.claimOf('u1', 's1')).toBeUndefined();
  });

  it('refuses another user’s clip in a segment, or music that is not the user’s audio, before reserving anything', async () => {
    const area = videoArea();
    area.media.addAsset(mediaAsset('u2', 'their-clip'));
    const segments = [{ text: 'Coffee is good.', mediaAssetId: 'their-clip' }];
    await expect(area.service.generate('u1', 's1', generateVideoSchema.parse({ videoMetadata: { segments } }))).rejects.toMatchObject({ status: 400 });
    const music = generateVideoSchema.parse({ captionSettings: { background_audio_id: 'clip-1' } });
    await expect(area.service.generate('u1', 's1', music)).rejects.toMatchObject({
      status: 400,
      details: 'background_audio_id: no audio with id clip-1 in your media library',
    });
    expect(area.counters.used('u1', 'videoMinutes')).toBe(0);
    expect(area.pipeline.started).toEqual([]);
  });
});

describe('VideoRequestService: minutes and the run’s claim', () => {
  it('reserves the estimate, claims the script, starts the pipeline with the run and says generating', async () => {
    const area = videoArea();
    const result = await area.service.generate('u1', 's1', {}, 'trace-1');
    const claim = area.scripts.claimOf('u1', 's1');
    expect(area.counters.used('u1', 'videoMinutes')).toBe(2);
    expect(area.pipeline.started).toEqual([{ name: `video-s1-${now}`, input: { userId: 'u1', scriptId: 's1', runId: claim?.runId, traceId: 'trace-1' } }]);
    expect(result.script).toMatchObject({ videoGenerationStatus: 'generating', videoProgress: 0 });
    expect(result.videoMetadata.segments.length).toBeGreaterThan(0);
    expect(result.videoMetadata.segments.every((segment) => segment.mediaAssetId === 'clip-1')).toBe(true);
    expect(area.publisher.ofType('script-update')).toEqual([
      { type: 'script-update', scriptId: 's1', userId: 'u1', videoGenerationStatus: 'generating', progress: 0 },
    ]);
  });

  it('refuses a video whose estimate does not fit in the plan’s minutes, leaving the script as it was', async () => {
    const area = videoArea();
    area.users.add('u1', { videoMinutesGenerated: 9, videoMinutesLastReset: '2026-05-20T00:00:00.000Z' });
    await expect(area.service.generate('u1', 's1', {})).rejects.toMatchObject({ status: 403, code: 'VIDEO_MINUTES_LIMIT' });
    expect(area.counters.used('u1', 'videoMinutes')).toBe(9);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({ videoGenerationStatus: 'idle' });
    expect(area.scripts.claimOf('u1', 's1')).toBeUndefined();
  });

  it('refuses a second run while the first holds the script (409), giving its reservation back', async () => {
    const area = videoArea();
    await area.service.generate('u1', 's1', {});
    await expect(area.service.generate('u1', 's1', {})).rejects.toMatchObject({ status: 409, code: videoBusyCode });
    expect(area.counters.used('u1', 'videoMinutes')).toBe(2);
    expect([...area.counters.runs.values()].map((marker) => marker.state).sort()).toEqual(['released', 'reserved']);
    expect(area.pipeline.started).toHaveLength(1);
  });

  it('gives the claim and the minutes back when the pipeline does not start, and says failed', async () => {
    const area = videoArea();
    area.pipeline.failure = new Error('Step Functions is down');
    await expect(area.service.generate('u1', 's1', {})).rejects.toThrow('Step Functions is down');
    expect(area.scripts.claimOf('u1', 's1')).toBeUndefined();
    expect(area.counters.used('u1', 'videoMinutes')).toBe(0);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({ videoGenerationStatus: 'failed', videoGenerationError: genericFailureMessage });
    expect(area.publisher.ofType('script-update').at(-1)).toMatchObject({ videoGenerationStatus: 'failed' });
    // The script is free again: the next request runs.
    area.pipeline.failure = undefined;
    await expect(area.service.generate('u1', 's1', {})).resolves.toMatchObject({ script: { videoGenerationStatus: 'generating' } });
  });

  it('gives a prepared run’s minutes back once, however often the give-back is retried', async () => {
    const area = videoArea();
    const prepared = await area.service.prepare('u1', 's1', {});
    expect(prepared.reservedMinutes).toBe(2);
    await area.service.giveBack('u1', 's1', prepared.runId);
    await area.service.giveBack('u1', 's1', prepared.runId);
    expect(area.counters.used('u1', 'videoMinutes')).toBe(0);
    expect(area.scripts.claimOf('u1', 's1')).toBeUndefined();
  });

  it('does not let a give-back of an old run free a script a newer run holds', async () => {
    const area = videoArea();
    const first = await area.service.prepare('u1', 's1', {});
    await area.service.giveBack('u1', 's1', first.runId);
    const second = await area.service.prepare('u1', 's1', {});
    await area.service.giveBack('u1', 's1', first.runId);
    expect(area.scripts.claimOf('u1', 's1')?.runId).toBe(second.runId);
    expect(await area.scripts.get('u1', 's1')).toMatchObject({ videoGenerationStatus: 'generating' });
  });
});
