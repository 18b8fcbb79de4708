import { Box, type BoxProps } from '@chakra-ui/react';

/** A 9:16 frame the shape of a short video: what it holds is drawn inside it and clipped to it. */
export function PortraitFrame(props: BoxProps) {
  return <Box position="relative" aspectRatio="9 / 16" overflow="hidden" {...props} />;
}

/**
 * The frame of a caption sample: a portrait as wide as its column (up to `maxW`) with a top-to-bottom
 * gradient, and a size container, so the sample's `cqw` lengths are fractions of the frame's width.
 */
export function CaptionFrame({ style, ...props }: BoxProps) {
  return <PortraitFrame w="full" mx="auto" bgGradient="to-b" style={{ containerType: 'inline-size', ...style }} {...props} />;
}
