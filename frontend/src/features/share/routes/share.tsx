import { Badge, Box, Button, Container, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';

import { PortraitFrame } from '@/components/ui/portrait-frame';
import type { SharedVideo } from '@contract/delivery';

import { isGone, useSharedVideo } from '../api/get-shared-video';
import { downloadName } from '../lib/download-name';
import { Brand, CaptionText, CopyCaptionButton, DownloadIcon, LinkOffIcon, MadeWith, ShareBackdrop } from '../components/share-parts';

function formatSeconds(seconds: number | null): string | undefined {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Flex flex="1" align="center" justify="center" px="6" py="12">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        {children}
      </Stack>
    </Flex>
  );
}

/** 404: the link expired, was revoked, or never existed. */
function Gone() {
  return (
    <Centered>
      <Flex
        boxSize="16"
        rounded="full"
        bg="whiteAlpha.100"
        borderWidth="1px"
        borderColor="whiteAlpha.200"
        align="center"
        justify="center"
        fontSize="2xl"
        color="pink.200"
      >
        <LinkOffIcon />
      </Flex>
      <Heading as="h1" size="xl" color="white">
        This link has expired or was revoked
      </Heading>
      <Text color="whiteAlpha.800">Share links last a few days, and the creator can switch one off at any time. Ask them for a fresh link.</Text>
      <Button asChild bg="white" color="gray.900" _hover={{ bg: 'whiteAlpha.900' }} mt="2">
        <a href="/">Discover Reelsmith</a>
      </Button>
    </Centered>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <Centered>
      <Heading as="h1" size="lg" color="white">
        We couldn’t load this video
      </Heading>
      <Text color="whiteAlpha.800">Check your connection and try again.</Text>
      <Button onClick={onRetry} bg="white" color="gray.900" _hover={{ bg: 'whiteAlpha.900' }}>
        Try again
      </Button>
    </Centered>
  );
}

function Player({ video }: { video: SharedVideo }) {
  const [failed, setFailed] = useState(false);
  return (
    <PortraitFrame
      flexShrink="0"
      alignSelf="center"
      w={{ base: 'min(100%, calc(68dvh * 9 / 16))', md: 'calc(min(78dvh, 760px) * 9 / 16)' }}
      rounded={{ base: 'xl', md: '2xl' }}
      bg="black"
      boxShadow="0 30px 80px -20px rgba(0, 0, 0, 0.8), 0 0 0 1px rgba(255, 255, 255, 0.08)"
    >
      <video
        controls
        playsInline
        preload="metadata"
        src={video.videoUrl}
        poster={video.thumbnailUrl ?? undefined}
        data-testid="share-video"
        aria-label={`Video: ${video.title}`}
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', background: 'black' }}
      />
      {failed && (
        <Text position="absolute" bottom="14" insetX="4" textAlign="center" fontSize="sm" bg="blackAlpha.700" rounded="md" p="2" role="alert">
          The video could not be loaded. Try Download instead.
        </Text>
      )}
    </PortraitFrame>
  );
}

function Details({ video }: { video: SharedVideo }) {
  const duration = formatSeconds(video.durationSeconds);
  const expires = new Date(video.expiresAt);
  const expiresLabel = Number.isNaN(expires.getTime()) ? undefined : expires.toLocaleDateString(undefined, { weekday: 'short', month: 'long', day: 'numeric' });
  return (
    <Stack gap={{ base: '4', md: '5' }} flex="1" minW="0" maxW={{ md: 'lg' }}>
      <HStack gap="2">
        <Badge bg="whiteAlpha.200" color="white" rounded="full" px="2.5" py="0.5">
          Shared video
        </Badge>
        {duration && (
          <Text fontSize="sm" color="whiteAlpha.700">
            {duration}
          </Text>
        )}
      </HStack>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="white" lineHeight="shorter" data-testid="share-title" dir="auto">
        {video.title}
      </Heading>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild size="lg" bg="white" color="gray.900" _hover={{ bg: 'whiteAlpha.900' }} rounded="full" px="6">
          <a href={video.videoUrl} download={downloadName(video.title)} data-testid="share-download">
            <DownloadIcon /> Download
          </a>
        </Button>
      </Stack>
      {video.postCaption && (
        <Box bg="whiteAlpha.100" borderWidth="1px" borderColor="whiteAlpha.200" rounded="xl" p={{ base: '4', md: '5' }} backdropFilter="blur(8px)">
          <HStack justify="space-between" mb="3" gap="3">
            <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="whiteAlpha.700">
              Caption
            </Text>
            <CopyCaptionButton caption={video.postCaption} />
          </HStack>
          <CaptionText caption={video.postCaption} />
        </Box>
      )}
      {expiresLabel && (
        <Text fontSize="sm" color="whiteAlpha.700" data-testid="share-expiry">
          This link works until {expiresLabel}.
        </Text>
      )}
    </Stack>
  );
}

/**
 * /share/:token: the public page a share link opens, with no session and nothing else of the
 * account: the video (the thumbnail as its poster), the title, the caption with Copy caption, Download,
 * and when the link stops working. An expired, revoked or unknown link shows a friendly 404.
 */
export default function ShareRoute() {
  const { token } = useParams();
  const { data, error, isLoading, mutate } = useSharedVideo(token);

  useEffect(() => {
    document.title = data ? `${data.title} · Reelsmith` : 'Shared video · Reelsmith';
  }, [data]);

  return (
    <ShareBackdrop>
      <Container maxW="5xl" px={{ base: '4', md: '8' }} pt={{ base: '4', md: '8' }}>
        <Brand />
      </Container>
      {isLoading ? (
        <Centered>
          <Spinner size="lg" color="whiteAlpha.800" />
        </Centered>
      ) : !token || isGone(error) ? (
        <Gone />
      ) : error || !data ? (
        <Failed onRetry={() => void mutate()} />
      ) : (
        <Container maxW="5xl" px={{ base: '4', md: '8' }} py={{ base: '5', md: '10' }} flex="1" display="flex" alignItems="center">
          <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '6', md: '14' }} align={{ base: 'stretch', md: 'center' }} w="full" justify="center">
            <Player video={data} />
            <Details video={data} />
          </Flex>
        </Container>
      )}
      <MadeWith />
    </ShareBackdrop>
  );
}
