import { Button, HStack, IconButton, Progress, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import type { Script } from '@contract/scripts';

import type { useScriptGeneration } from '../hooks/use-script-generation';
import { reasonUnder } from '../lib/generation-status';
import { thumbnailSrc } from '@/lib/thumbnails';
import { DownloadVideoButton } from './finished-video';
import { EditIcon, ExpandIcon } from './icons';
import { AudioPlayerDialog, playableUrl, useInlineAudio, VideoPlayerDialog } from './player-dialogs';
import { Tip } from '@/components/ui/tip';
import { VideoDelivery } from './delivery-slot';

const VideoSettingsDialog = lazy(() => import('./video-settings/video-settings-dialog'));

type Generation = ReturnType<typeof useScriptGeneration>;

const stageLabels: Record<string, string> = {
  audio: 'Preparing the voice-over',
  planning: 'Planning the scenes',
  rendering: 'Rendering the video',
  finalizing: 'Finishing up',
};

/** The render's progress on the card, from the realtime `progress` and `stage` (contract). */
export function RenderProgressBar({ progress }: { progress: Generation['progress'] }) {
  const percent = progress?.percent ?? null;
  const label = (progress?.stage && stageLabels[progress.stage]) ?? 'Generating video';
  return (
    <Progress.Root
      value={percent}
      max={100}
      size="sm"
      colorPalette="brand"
      striped
      animated
      data-testid="video-progress"
      aria-label="Video generation progress"
    >
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="xs">{label}…</Progress.Label>
        {percent !== null && <Progress.ValueText fontSize="xs">{`${percent}%`}</Progress.ValueText>}
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** Play Video's checks: true when the script's video can be opened in the Video Player, else a toast says why. */
export function canPlayVideo(script: Pick<Script, 'videoUrl'>): boolean {
  if (!script.videoUrl) {
    showToast({ type: 'error', title: 'Video URL not found' });
    return false;
  }
  if (!playableUrl(script.videoUrl, 'video')) {
    showToast({ type: 'error', title: 'Invalid video URL format' });
    return false;
  }
  return true;
}

/** The Video Player of a card's video (opened by Play Video and by the thumbnail). */
export function CardVideoPlayer({ script, onClose }: { script: Script; onClose: () => void }) {
  if (!script.videoUrl) return null;
  return <VideoPlayerDialog open onClose={onClose} title={script.title} url={script.videoUrl} poster={thumbnailSrc(script.thumbnailUrl)} />;
}

/**
 * The card's action area: a video → Play Video, Edit Video, Download and Trigger Email; else
 * audio → Play/Pause Audio and Create Video; else Generate Audio and Create Video. Everything waits
 * while generating, except that a video being replaced stays playable and downloadable
 * (Edit Video keeps the old video until the new one is made).
 */
export function CardActions({
  script,
  generation,
  busy,
  onPlayVideo,
  onPost,
}: {
  script: Script;
  generation: Generation;
  busy: boolean;
  onPlayVideo: () => void;
  onPost?: () => void;
}) {
  const [dialog, setDialog] = useState<'audio' | 'settings' | null>(null);
  const [startingVideo, setStartingVideo] = useState(false);
  const audioUrl = playableUrl(script.audioUrl, 'audio');
  const inline = useInlineAudio(audioUrl);
  const disabled = busy || generation.generating || startingVideo;
  const hasVideo = Boolean(script.videoUrl);
  const hasAudio = Boolean(script.audioUrl);

  async function toggleAudio() {
    if (!audioUrl) {
      showToast({ type: 'error', title: 'No audio available' });
      return;
    }
    try {
      await inline.toggle();
    } catch (error) {
      // Pausing before playback began interrupts play(): not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showToast({ type: 'error', title: 'No audio available', description: 'The voice-over could not be played.' });
    }
  }

  async function createVideo() {
    if (hasAudio) {
      setDialog('settings');
      return;
    }
    setStartingVideo(true);
    try {
      if (await generation.generateAudio()) setDialog('settings');
    } finally {
      setStartingVideo(false);
    }
  }

  return (
    <>
      {/* Its buttons flow with the card footer's own (display: contents), so they wrap as one row of buttons, not as a block. */}
      <HStack gap="2" wrap="wrap" justify="end" data-testid="card-actions" display="contents">
        {hasVideo ? (
          <>
            <Button size="sm" colorPalette="brand" onClick={onPlayVideo} disabled={busy}>
              Play Video
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog('settings')} disabled={disabled}>
              <EditIcon />
              Edit Video
            </Button>
            <DownloadVideoButton videoUrl={script.videoUrl} title={script.title} disabled={busy} />
            <VideoDelivery scriptId={script.id} title={script.title} disabled={disabled} onPost={onPost} />
          </>
        ) : (
          <>
            {hasAudio ? (
              <HStack gap="0">
                <Button size="sm" variant="outline" onClick={() => void toggleAudio()} disabled={disabled} roundedRight="0" aria-pressed={inline.playing}>
                  {inline.playing ? 'Pause Audio' : 'Play Audio'}
                </Button>
                <Tip label="Open the Audio Player">
                  <IconButton
                    aria-label="Open the Audio Player"
                    size="sm"
                    variant="outline"
                    roundedLeft="0"
                    borderLeftWidth="0"
                    onClick={() => setDialog('audio')}
                    disabled={disabled}
                  >
                    <ExpandIcon />
                  </IconButton>
                </Tip>
              </HStack>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void generation.generateAudio()}
                disabled={disabled}
                loading={generation.audio === 'generating' && !startingVideo}
                loadingText="Generating Audio..."
              >
                Generate Audio
              </Button>
            )}
            <Button size="sm" colorPalette="brand" onClick={() => void createVideo()} disabled={disabled} loading={startingVideo}>
              Create Video
            </Button>
          </>
        )}
      </HStack>
      <AudioPlayerDialog open={dialog === 'audio'} onClose={() => setDialog(null)} title={script.title} url={audioUrl} />
      {dialog === 'settings' && (
        <Suspense fallback={<Spinner size="sm" />}>
          <VideoSettingsDialog script={script} onClose={() => setDialog(null)} onGenerate={generation.generate} />
        </Suspense>
      )}
    </>
  );
}

function withReason(title: string, reason: string | null | undefined): string {
  const rest = reasonUnder(title, reason);
  return rest ? `${title}: ${rest}` : title;
}

/** What the card shows while something is generated, and the last failure (kept after a reload). */
export function GenerationState({ generation, script }: { generation: Generation; script: Script }) {
  if (generation.video === 'generating') return <RenderProgressBar progress={generation.progress} />;
  if (generation.audio === 'generating') {
    return (
      <HStack gap="2" fontSize="sm" color="fg.muted" data-testid="audio-generating">
        <Spinner size="xs" />
        <Text>Generating audio…</Text>
      </HStack>
    );
  }
  const failure =
    generation.video === 'failed'
      ? // A failed edit keeps the video made before it: say so.
        `${withReason('Failed to generate video', script.videoGenerationError)}${script.videoUrl ? ' The previous video is kept.' : ''}`
      : generation.audio === 'failed' && !script.audioUrl
        ? withReason('Failed to generate audio', script.audioGenerationError)
        : undefined;
  if (!failure) return null;
  return (
    <Text fontSize="xs" color="red.600" data-testid="generation-failure">
      {failure}
    </Text>
  );
}
