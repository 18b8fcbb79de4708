import { Button, Center, chakra, Image, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { thumbnailSrc } from '@/lib/thumbnails';
import { DownloadIcon, PlayIcon } from './icons';
import { playableUrl } from './player-dialogs';

/**
 * Download of a finished video: our playback path with `?download=1`, which the server
 * answers with a redirect to the MP4 as an attachment named after the script's title. Only our own
 * `/api/video/…` files can be downloaded this way.
 */
export function downloadHref(videoUrl: string | null | undefined): string | undefined {
  const url = playableUrl(videoUrl, 'video');
  return url?.startsWith('/api/video/') && url.endsWith('.mp4') ? `${url}?download=1` : undefined;
}

/** Download: a link (the browser saves the file; no script needed), styled as the card's buttons. */
export function DownloadVideoButton({ videoUrl, title, disabled }: { videoUrl: string | null; title: string; disabled?: boolean }) {
  const href = downloadHref(videoUrl);
  if (!href) return null;
  return (
    <Button
      asChild
      size="sm"
      variant="outline"
      aria-disabled={disabled || undefined}
      pointerEvents={disabled ? 'none' : undefined}
      opacity={disabled ? 0.5 : undefined}
    >
      <a href={href} download aria-label={`Download the video of ${title}`} data-testid="download-video" tabIndex={disabled ? -1 : undefined}>
        <DownloadIcon />
        Download
      </a>
    </Button>
  );
}

/**
 * The video's thumbnail on the card, 9:16, as a button that opens the Video Player. While an
 * edited video renders, this is still the old one (it stays playable until the new one is made).
 */
export function VideoPoster({ thumbnailUrl, title, onPlay, updating }: { thumbnailUrl: string | null; title: string; onPlay: () => void; updating: boolean }) {
  const [broken, setBroken] = useState(false);
  const src = thumbnailSrc(thumbnailUrl);
  return (
    <chakra.button
      type="button"
      onClick={onPlay}
      aria-label={`Play the video of ${title}`}
      data-testid="video-poster"
      position="relative"
      flexShrink={0}
      w={{ base: '20', md: '24' }}
      aspectRatio="9 / 16"
      rounded="md"
      overflow="hidden"
      bg="gray.900"
      borderWidth="1px"
      cursor="pointer"
      css={{ '&:hover [data-part=play], &:focus-visible [data-part=play]': { transform: 'scale(1.1)', bg: 'blackAlpha.800' } }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      {src && !broken ? (
        <Image src={src} alt="" w="full" h="full" objectFit="cover" onError={() => setBroken(true)} data-testid="video-thumbnail" />
      ) : (
        <Center h="full" color="gray.300" fontSize="xs" px="1" textAlign="center">
          Video
        </Center>
      )}
      <Center position="absolute" inset="0">
        <Center data-part="play" boxSize="9" rounded="full" bg="blackAlpha.600" color="white" transition="transform 0.15s, background 0.15s">
          <PlayIcon boxSize="4" ms="0.5" />
        </Center>
      </Center>
      {updating && (
        <Text position="absolute" insetX="0" bottom="0" bg="blackAlpha.700" color="white" fontSize="2xs" py="0.5" textAlign="center">
          Updating…
        </Text>
      )}
    </chakra.button>
  );
}
