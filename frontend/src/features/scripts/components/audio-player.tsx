import { Box, HStack, IconButton, Slider, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { SliderBar } from '@/components/ui/labeled-slider';

import { PauseIcon, PlayIcon } from './icons';

/** `m:ss` (or `h:mm:ss`) of a number of seconds; `0:00` for anything not a finite, positive number. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The app's audio player, instead of the browser's default controls: play/pause, a progress
 * bar that seeks (a slider named "Seek", its value read out as "0:03 of 0:12") and the time. The
 * <audio> element underneath has no controls of its own.
 */
export function AudioPlayer({ src, title, autoPlay = false }: { src: string; title: string; autoPlay?: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [duration, setDuration] = useState(0);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = audio.current;
    if (!element) return undefined;
    const sync = () => {
      setPlaying(!element.paused && !element.ended);
      setPosition(element.currentTime);
      setDuration(Number.isFinite(element.duration) ? element.duration : 0);
    };
    const fail = () => setFailed(true);
    const events = ['play', 'pause', 'ended', 'timeupdate', 'loadedmetadata', 'durationchange', 'seeked'] as const;
    for (const name of events) element.addEventListener(name, sync);
    element.addEventListener('error', fail);
    return () => {
      element.pause();
      for (const name of events) element.removeEventListener(name, sync);
      element.removeEventListener('error', fail);
    };
  }, [src]);

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused || element.ended) {
      try {
        await element.play();
      } catch (error) {
        // Pausing before playback began interrupts play(): not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      }
    } else {
      element.pause();
    }
  }

  /** Pointer, touch and keyboard (arrows, Home, End) all seek at once, as the browser's own player does. */
  function seek(to: number | undefined) {
    const element = audio.current;
    if (!element || to === undefined || !Number.isFinite(to)) return;
    element.currentTime = Math.min(Math.max(0, to), duration || 0);
    setPosition(element.currentTime);
  }

  const shown = position;
  return (
    <Box data-testid="audio-player" borderWidth="1px" rounded="lg" bg="bg.subtle" px="3" py="2">
      <audio ref={audio} src={src} preload="metadata" autoPlay={autoPlay} data-testid="audio-element" aria-label={`Voice-over of ${title}`} />
      <HStack gap="3">
        <IconButton
          aria-label={playing ? 'Pause' : 'Play'}
          size="sm"
          rounded="full"
          colorPalette="brand"
          onClick={() => void toggle()}
          disabled={failed}
          data-testid="audio-toggle"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <Slider.Root
          flex="1"
          size="sm"
          colorPalette="brand"
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={[Math.min(shown, Math.max(duration, 0.1))]}
          disabled={failed || duration === 0}
          aria-label={['Seek']}
          getAriaValueText={(details) => `${formatTime(details.value)} of ${formatTime(duration)}`}
          onValueChange={(details) => seek(details.value[0])}
        >
          <SliderBar />
        </Slider.Root>
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="audio-time">
          {`${formatTime(shown)} / ${formatTime(duration)}`}
        </Text>
      </HStack>
      {failed && (
        <Text color="red.600" fontSize="sm" mt="2" role="alert">
          The audio could not be played.
        </Text>
      )}
    </Box>
  );
}
