import { Box, Button, Spinner, Text, VStack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { ApiError, apiPost } from '@/lib/api-client';
import type { VideoPreviewResult } from '@contract/video';

import type { CaptionSettings } from '../../lib/caption-settings';
import type { VideoMetadata } from '../../lib/segments';

type PreviewState =
  | { kind: 'idle' }
  | { kind: 'rendering'; began: number }
  | { kind: 'ready'; result: VideoPreviewResult; waitedMs: number }
  | { kind: 'failed'; message: string };

/**
 * The preview is the video: "Preview" renders the dialog's current, unsaved cut (the shots at
 * their in-points, the motion, the captions, the voice-over) as a small proxy MP4 on the server and plays
 * it here in a phone-sized 9:16 frame. Until then, and without a voice-over, `fallback` (the caption
 * sample) shows in the frame; without a voice-over the button is replaced by a note.
 */
export function VideoPreview({
  scriptId,
  hasVoiceOver,
  settings,
  metadata,
  fallback,
}: {
  scriptId: string;
  hasVoiceOver: boolean;
  settings: CaptionSettings;
  metadata: VideoMetadata | null;
  fallback: ReactNode;
}) {
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  async function render() {
    if (!metadata) return;
    const began = performance.now();
    setState({ kind: 'rendering', began });
    try {
      const result = await apiPost<VideoPreviewResult>(`/api/scripts/${scriptId}/preview`, { captionSettings: settings, videoMetadata: metadata });
      if (mounted.current)
        setState({
          kind: 'ready',
          result,
          waitedMs: performance.now() - began,
        });
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? 'The preview could not be made.') : 'The preview could not be made.';
      if (mounted.current) setState({ kind: 'failed', message });
    }
  }

  const ready = state.kind === 'ready' ? state : null;
  return (
    <VStack gap="2" align="stretch" data-testid="video-preview" data-state={state.kind}>
      <Box position="relative" w="full" maxW="12rem" mx="auto" rounded="md" overflow="hidden" bg="black" style={{ aspectRatio: '9 / 16' }}>
        {ready ? (
          <video
            key={ready.result.url}
            data-testid="video-preview-player"
            src={ready.result.url}
            controls
            autoPlay
            playsInline
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
            }}
          />
        ) : (
          fallback
        )}
        {state.kind === 'rendering' && (
          <VStack position="absolute" inset="0" justify="center" bg="blackAlpha.600" color="white" gap="2" aria-live="polite">
            <Spinner size="lg" />
            <Text textStyle="xs">Rendering preview…</Text>
          </VStack>
        )}
      </Box>
      {hasVoiceOver ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void render()}
          loading={state.kind === 'rendering'}
          loadingText="Rendering…"
          disabled={!metadata}
          data-testid="video-preview-button"
        >
          {ready ? 'Preview again' : 'Preview'}
        </Button>
      ) : (
        <Text textStyle="xs" color="fg.muted" textAlign="center" data-testid="video-preview-note">
          A caption sample. Generate the voice-over to preview the real video.
        </Text>
      )}
      {ready && (
        <Text textStyle="xs" color="fg.muted" textAlign="center" data-testid="video-preview-time">
          {ready.result.durationSeconds.toFixed(0)} s video, ready in {(ready.waitedMs / 1000).toFixed(1)} s
        </Text>
      )}
      {state.kind === 'failed' && (
        <Text textStyle="xs" color="fg.error" textAlign="center" role="alert">
          {state.message}
        </Text>
      )}
    </VStack>
  );
}
