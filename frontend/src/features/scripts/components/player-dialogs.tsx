import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { AppDialog } from '@/components/ui/app-dialog';

import { AudioPlayer } from './audio-player';

/** Our own playback paths (`/api/audio/{file}`, `/api/video/{file}`) or an absolute http(s) URL. */
export function playableUrl(url: string | null | undefined, kind: 'audio' | 'video'): string | undefined {
  if (!url) return undefined;
  if (url.startsWith(`/api/${kind}/`) || /^https?:\/\//i.test(url)) return url;
  return undefined;
}

/** Audio Player: the voice-over in the app's own player (play/pause, a progress bar that seeks, the time). */
export function AudioPlayerDialog({ open, onClose, title, url }: { open: boolean; onClose: () => void; title: string; url: string | undefined }) {
  return (
    <AppDialog open={open} onClose={onClose} title="Audio Player">
      <Text fontWeight="semibold" mb="3">
        {title}
      </Text>
      {url ? <AudioPlayer src={url} title={title} autoPlay /> : <Text color="fg.muted">No audio available</Text>}
    </AppDialog>
  );
}

/**
 * Video Player: `/api/video/{file}` answers with a 302 to storage, which the <video> element
 * follows (and seeks with range requests); the thumbnail is the poster.
 */
export function VideoPlayerDialog({
  open,
  onClose,
  title,
  url,
  poster,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  url: string;
  poster: string | undefined;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <AppDialog open={open} onClose={onClose} title="Video Player" size="md">
      <Text fontWeight="semibold" mb="3">
        {title}
      </Text>
      <Box bg="black" rounded="md" overflow="hidden" display="flex" justifyContent="center">
        <video
          controls
          autoPlay
          playsInline
          src={url}
          poster={poster}
          data-testid="video-player"
          aria-label={`Video of ${title}`}
          onError={() => setFailed(true)}
          style={{ maxHeight: '70vh', width: 'auto', maxWidth: '100%', aspectRatio: '9 / 16' }}
        />
      </Box>
      {failed && (
        <Text color="red.600" mt="2" role="alert">
          The video could not be loaded.
        </Text>
      )}
    </AppDialog>
  );
}

/** Play/Pause Audio on the card: one hidden player per card; `No audio available` is the caller's toast. */
export function useInlineAudio(url: string | undefined) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!url) return undefined;
    const element = new Audio(url);
    element.preload = 'none';
    const stop = () => setPlaying(false);
    element.addEventListener('ended', stop);
    element.addEventListener('pause', stop);
    element.addEventListener('play', () => setPlaying(true));
    audio.current = element;
    return () => {
      element.pause();
      element.removeEventListener('ended', stop);
      element.removeEventListener('pause', stop);
      audio.current = null;
      setPlaying(false);
    };
  }, [url]);

  async function toggle(): Promise<void> {
    const element = audio.current;
    if (!element) return;
    if (element.paused) await element.play();
    else element.pause();
  }

  return { playing, toggle, element: audio };
}
