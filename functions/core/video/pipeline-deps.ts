import type { UserRepository } from '../ports/accounts';
import type { MediaAssetRepository } from '../ports/media';
import type { Publisher } from '../ports/realtime';
import type { ScriptRepository } from '../ports/scripts';
import type { VideoRenderer } from '../ports/video-renderer';
import type { ObjectStore } from '../ports/object-store';
import type { UsageMeter } from '../plans/usage-meter';
import type { RecentMediaUse, VideoRunStore, VoiceOverSource } from '../ports/video';
import type { ClipProxies } from '../media/clip-proxies';
import type { Log } from '../ports/log';
import type { Metrics } from '../ports/metrics';

/** Everything the pipeline's tasks use; the platform builds it from the container, tests build their own. */
export interface PipelineDeps {
  scripts: Pick<ScriptRepository, 'get'>;
  users: Pick<UserRepository, 'get'>;
  media: Pick<MediaAssetRepository, 'getAssets'>;
  runs: VideoRunStore;
  /** The media bucket, seen from the render: big files go to and from local paths, never through memory. */
  files: Pick<ObjectStore, 'download' | 'get' | 'upload' | 'delete'>;
  publisher: Publisher;
  renderer: VideoRenderer;
  /** Video minutes: each run's reservation is settled or given back exactly once, however often its task is retried. */
  usage: Pick<UsageMeter, 'settleVideoRun' | 'releaseVideoRun'>;
  recent: RecentMediaUse;
  /** The free plan's watermark image (a bundled PNG). */
  watermarkPath: string;
  log: Log;
  /** Videos completed and failed, render speed, chunks (absent: nothing counted). */
  metrics?: Pick<Metrics, 'videoCompleted' | 'videoFailed' | 'chunkRendered'>;
  clock?: () => number;
  /** Where per-run work folders are made (the OS temp folder; /tmp in Lambda). */
  tempRoot?: string;
  /** The length a parallel render's chunks aim at; 0 renders every video in one piece (default 5 s). */
  renderChunkSeconds?: number;
  /** At most this many chunks (2–40, default 40); a longer video gets longer chunks. */
  maxRenderChunks?: number;
  /**
   * Read each clip's proxy copy where it has one: the settings preview and draft renders
   * (`RENDER_DRAFT`), both drawn at the proxy's size. Absent or false: the originals (the finished video).
   */
  readsClipProxies?: boolean;
  /** Throttle of progress messages (tests may shorten it). */
  progressIntervalMs?: number;
  /**
   * The proxy copies a finished video's clips lack, made by FinalizeVideo after the video is
   * recorded (`clipProxyStep`); absent: none are made.
   */
  clipProxies?: Pick<ClipProxies, 'makeMissing'>;
}

/** SynthesizeAudio needs only the voice-over service, and the means to say it started. */
export interface AudioStepDeps {
  voiceOver: VoiceOverSource;
  runs: VideoRunStore;
  publisher: Publisher;
}
