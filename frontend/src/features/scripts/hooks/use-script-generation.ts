import { useCallback, useEffect, useRef, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { generatedBackgroundNotice } from '@contract/rules/generated-backgrounds';
import { useRealtime } from '@/lib/realtime';
import type { Script } from '@contract/scripts';

import { convertToAudio, generateVideo, refusalDescription, updateScript } from '../api/scripts';
import type { CaptionSettings } from '../lib/caption-settings';
import {
  isFinal,
  mergeServerStatus,
  reasonUnder,
  readStatus,
  restoreStatus,
  writeStatus,
  type GenerationKind,
  type GenerationStatus,
  type StatusStore,
} from '../lib/generation-status';
import type { VideoMetadata } from '../lib/segments';
import { useFallbackPoller } from './use-fallback-poller';

/** How long a card on a running generation waits for the socket before it polls instead. */
const RESTORED_POLL_GRACE_MS = 5_000;

export const VIDEO_SUCCESS = 'Video generated successfully with audio and custom captions';

export interface RenderProgress {
  /** 0–100, or null before the first figure arrives. */
  percent: number | null;
  stage: string | null;
}

const statuses: readonly GenerationStatus[] = ['idle', 'generating', 'complete', 'failed'];
const asStatus = (value: unknown): GenerationStatus | undefined => statuses.find((status) => status === value);

function localStore(): StatusStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function initialStatus(script: Script, kind: GenerationKind): GenerationStatus {
  const server = kind === 'audio' ? script.audioGenerationStatus : script.videoGenerationStatus;
  return restoreStatus(readStatus(localStore(), script.id, kind), server, Date.now()).status;
}

/**
 * A script card's audio and video generation: statuses mirrored in local storage,
 * live `script-update` messages while generating, the fallback polling when the socket is down, and
 * the completion and failure toasts of a video.
 */
export function useScriptGeneration(script: Script, onChanged: () => Promise<unknown>) {
  const realtime = useRealtime();
  const [audio, setAudio] = useState<GenerationStatus>(() => initialStatus(script, 'audio'));
  const [video, setVideo] = useState<GenerationStatus>(() => initialStatus(script, 'video'));
  const [progress, setProgress] = useState<RenderProgress | null>(() =>
    script.videoGenerationStatus === 'generating' ? { percent: script.videoProgress ?? null, stage: null } : null,
  );
  const startedHere = useRef<Record<GenerationKind, boolean>>({ audio: false, video: false });
  const failure = useRef<string | undefined>(undefined);
  const refresh = useRef(onChanged);
  useEffect(() => {
    refresh.current = onChanged;
  }, [onChanged]);
  const poller = useFallbackPoller(onChanged);

  const setStatus = useCallback(
    (kind: GenerationKind, status: GenerationStatus) => {
      writeStatus(localStore(), script.id, kind, status, Date.now());
      (kind === 'audio' ? setAudio : setVideo)(status);
      if (isFinal(status)) poller.stop();
    },
    [script.id, poller],
  );

  // On load: storage takes the server's word when it already says complete or failed.
  useEffect(() => {
    for (const kind of ['audio', 'video'] as const) {
      const server = kind === 'audio' ? script.audioGenerationStatus : script.videoGenerationStatus;
      const restored = restoreStatus(readStatus(localStore(), script.id, kind), server, Date.now());
      if (restored.store) writeStatus(localStore(), script.id, kind, restored.store, Date.now());
    }
    // Once per card: later copies of the script go through the merge below.
  }, []);

  // A newer copy of the script from the list (refetch, polling, another tab).
  useEffect(() => {
    setAudio((local) => {
      const next = mergeServerStatus(local, script.audioGenerationStatus, startedHere.current.audio);
      if (next !== local) writeStatus(localStore(), script.id, 'audio', next, Date.now());
      return next;
    });
  }, [script.id, script.audioGenerationStatus]);
  useEffect(() => {
    if (script.videoGenerationStatus === 'failed' && script.videoGenerationError) failure.current = script.videoGenerationError;
    setVideo((local) => {
      const next = mergeServerStatus(local, script.videoGenerationStatus, startedHere.current.video);
      if (next !== local) writeStatus(localStore(), script.id, 'video', next, Date.now());
      return next;
    });
  }, [script.id, script.videoGenerationStatus, script.videoGenerationError]);

  // The end of a render: a toast, the list refreshed, the poller stopped.
  const previousVideo = useRef(video);
  useEffect(() => {
    const before = previousVideo.current;
    previousVideo.current = video;
    if (before !== 'generating' || video === 'generating') return;
    startedHere.current.video = false;
    poller.stop();
    setProgress(null);
    if (video === 'complete') {
      showToast({ type: 'success', title: VIDEO_SUCCESS });
      void refresh.current();
    } else if (video === 'failed') {
      showToast({ type: 'error', title: 'Failed to generate video', description: reasonUnder('Failed to generate video', failure.current) });
      void refresh.current();
    }
  }, [video, poller]);

  const generating = audio === 'generating' || video === 'generating';

  // Live updates while generating: subscribe, and follow this script's messages.
  useEffect(() => (generating ? realtime.subscribe(['script-update']) : undefined), [generating, realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type !== 'script-update' || message.scriptId !== script.id) return;
        poller.stop();
        const audioStatus = asStatus(message.audioGenerationStatus);
        const videoStatus = asStatus(message.videoGenerationStatus);
        if (videoStatus === 'failed') failure.current = typeof message.message === 'string' ? message.message : undefined;
        if (audioStatus) setStatus('audio', audioStatus);
        if (videoStatus) setStatus('video', videoStatus);
        const percent = typeof message.progress === 'number' ? Math.max(0, Math.min(100, Math.round(message.progress))) : undefined;
        const stage = typeof message.stage === 'string' ? message.stage : undefined;
        if (percent !== undefined || stage !== undefined) {
          setProgress((current) => ({ percent: percent ?? current?.percent ?? null, stage: stage ?? current?.stage ?? null }));
        }
        if (message.hasNewVideo === true) void refresh.current();
      }),
    [realtime, script.id, setStatus, poller],
  );

  // A card that opens on a running generation (a reload, another tab) with no live connection after a
  // short grace polls too: otherwise it would wait for a message that cannot come.
  const { connected } = realtime;
  useEffect(() => {
    if (!generating || connected) return undefined;
    const timer = window.setTimeout(() => {
      if (!poller.running) poller.start();
    }, RESTORED_POLL_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [generating, connected, poller]);

  /** Polls the list when the socket is down as an action starts. */
  const pollIfOffline = useCallback(() => {
    if (!realtime.connected) poller.start();
  }, [realtime.connected, poller]);

  /** Generate Audio: generating, convert; complete, or failed (also reported to the server) with a toast. */
  const generateAudio = useCallback(async (): Promise<boolean> => {
    startedHere.current.audio = true;
    setStatus('audio', 'generating');
    pollIfOffline();
    try {
      await convertToAudio(script.id);
      setStatus('audio', 'complete');
      await refresh.current();
      return true;
    } catch (error) {
      setStatus('audio', 'failed');
      showToast({ type: 'error', title: 'Failed to generate audio', description: refusalDescription(error) });
      try {
        await updateScript(script.id, { audioGenerationStatus: 'failed' });
      } catch (patchError) {
        console.warn('Failed to update generation status', patchError);
      }
      await refresh.current();
      return false;
    } finally {
      startedHere.current.audio = false;
    }
  }, [script.id, setStatus, pollIfOffline]);

  /** Generate video: the settings saved with status generating, then the render started. */
  const generate = useCallback(
    async (captionSettings: CaptionSettings, videoMetadata: VideoMetadata): Promise<boolean> => {
      try {
        await updateScript(script.id, { captionSettings, videoGenerationStatus: 'generating' });
      } catch (error) {
        showToast({ type: 'error', title: 'Failed to update settings or status', description: refusalDescription(error) });
        return false;
      }
      startedHere.current.video = true;
      failure.current = undefined;
      setProgress({ percent: 0, stage: null });
      setStatus('video', 'generating');
      pollIfOffline();
      try {
        const started = await generateVideo(script.id, { captionSettings, videoMetadata });
        // The server planned the segments: say which sentences got generated backgrounds, and why.
        const generated = generatedBackgroundNotice(started.videoMetadata.segments);
        if (generated) showToast({ type: 'info', title: 'Generated backgrounds', description: generated });
        return true;
      } catch (error) {
        // The toast is this one, not the transition's: say why the server refused.
        startedHere.current.video = false;
        previousVideo.current = 'failed';
        setProgress(null);
        setStatus('video', 'failed');
        showToast({ type: 'error', title: 'Failed to generate video', description: refusalDescription(error) });
        try {
          await updateScript(script.id, { videoGenerationStatus: 'failed' });
        } catch (patchError) {
          console.warn('Failed to update generation status', patchError);
        }
        await refresh.current();
        return false;
      }
    },
    [script.id, setStatus, pollIfOffline],
  );

  return { audio, video, progress, generating, generateAudio, generate };
}
