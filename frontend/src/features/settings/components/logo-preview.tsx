import { Badge, Box, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { PortraitFrame } from '@/components/ui/portrait-frame';
import type { LogoSettings } from '@contract/users';

import { previewRect } from '../lib/logo-preview';

/**
 * A 9:16 frame standing in for the 1080x1920 video: a gradient "clip", a caption line, and the logo
 * where the render will put it (to scale, at its opacity). A disabled logo is shown faded and marked Off.
 */
export function LogoPreview({ logoUrl, settings }: { logoUrl: string | null; settings: LogoSettings }) {
  const [natural, setNatural] = useState<{ url: string; width: number; height: number }>();
  const image = natural && natural.url === logoUrl ? natural : undefined;
  const rect = previewRect(settings, image);
  return (
    <Stack gap="2" align="center" flexShrink="0">
      <PortraitFrame
        data-testid="logo-preview"
        data-position={settings.position}
        data-enabled={settings.enabled ? 'true' : 'false'}
        w={{ base: '44', md: '52' }}
        rounded="2xl"
        borderWidth="4px"
        borderColor="gray.900"
        boxShadow="lg"
        bgGradient="to-b"
        gradientFrom="orange.300"
        gradientVia="pink.500"
        gradientTo="purple.800"
        role="img"
        aria-label={
          logoUrl
            ? `Preview: your logo ${settings.enabled ? 'at' : 'would sit at'} the ${settings.position.replace('-', ' ')} of the video`
            : 'Preview of a video frame'
        }
      >
        {/* A stand-in for the clip: a horizon and a sun, and a caption line in the middle. */}
        <Box position="absolute" insetX="0" bottom="0" h="38%" bg="blackAlpha.400" />
        <Box position="absolute" left="50%" top="46%" w="30%" aspectRatio="1" rounded="full" bg="yellow.200" opacity="0.7" transform="translate(-50%, -50%)" />
        <Box position="absolute" insetX="12%" top="58%" textAlign="center">
          <Text fontSize="xs" fontWeight="black" color="white" textShadow="1px 1px 0 rgba(0,0,0,0.7)" lineHeight="1.1" textTransform="uppercase">
            Your caption{' '}
            <Text as="span" color="green.300">
              here
            </Text>
          </Text>
        </Box>
        {logoUrl && (
          <Image
            src={logoUrl}
            alt="Your logo"
            data-testid="logo-preview-image"
            position="absolute"
            objectFit="contain"
            style={{ ...rect, opacity: settings.enabled ? settings.opacity : settings.opacity * 0.35 }}
            filter={settings.enabled ? undefined : 'grayscale(1)'}
            transition="left 0.2s, top 0.2s, width 0.2s, height 0.2s, opacity 0.2s"
            onLoad={(event) => setNatural({ url: logoUrl, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          />
        )}
        {logoUrl && !settings.enabled && (
          <Badge position="absolute" top="50%" left="50%" transform="translate(-50%, -50%)" size="sm" variant="solid" bg="blackAlpha.700" color="white">
            Off in videos
          </Badge>
        )}
      </PortraitFrame>
      <Text fontSize="xs" color="fg.muted">
        1080 × 1920 preview, to scale
      </Text>
    </Stack>
  );
}
