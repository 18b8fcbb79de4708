import { Box, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { captionLookNames, captionLooks, type CaptionLookChoice, type CaptionLookName } from '@contract/rules/caption-looks';

import boxed from './look-thumbnails/boxed.jpg';
import karaoke from './look-thumbnails/karaoke.jpg';
import minimal from './look-thumbnails/minimal.jpg';
import neon from './look-thumbnails/neon.jpg';
import pop from './look-thumbnails/pop.jpg';
import twoTone from './look-thumbnails/two_tone.jpg';

/** Each look drawn by the render's own libass and fonts (bin/make-caption-look-thumbnails.ts), so the picture is the video's. */
const thumbnails: Record<CaptionLookName, string> = { pop, karaoke, boxed, minimal, neon, two_tone: twoTone };

function Tile({
  selected,
  label,
  description,
  onSelect,
  children,
}: {
  selected: boolean;
  label: string;
  description: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      as="button"
      role="radio"
      aria-checked={selected}
      aria-label={`${label}: ${description}`}
      title={description}
      data-testid={`caption-look-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}
      onClick={onSelect}
      textAlign="center"
      rounded="md"
      overflow="hidden"
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'border'}
      boxShadow={selected ? '0 0 0 2px var(--chakra-colors-brand-muted)' : undefined}
      bg={selected ? 'brand.subtle' : 'bg'}
      cursor="pointer"
      _hover={{ borderColor: selected ? 'brand.solid' : 'border.emphasized' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
    >
      {children}
      <Text fontSize="xs" fontWeight={selected ? 'semibold' : 'medium'} py="1" lineClamp={1}>
        {label}
      </Text>
    </Box>
  );
}

/**
 * The caption looks as pictures: a creator picks a look by how it looks, as in Canva or
 * CapCut. Choosing one applies its preset (font, size, colours, outline, position…) and its animation;
 * "Custom" keeps the settings below as they are, drawn by the chosen style with keyword emphasis.
 */
export function LookPicker({ value, onChange }: { value: CaptionLookChoice | null; onChange: (look: CaptionLookChoice) => void }) {
  return (
    <Stack gap="2">
      <Text id="caption-look-label" fontSize="sm" fontWeight="medium">
        Caption Look
      </Text>
      <SimpleGrid role="radiogroup" aria-labelledby="caption-look-label" columns={4} gap="2">
        {captionLookNames.map((name) => {
          const look = captionLooks[name];
          return (
            <Tile key={name} selected={value === name} label={look.label} description={look.description} onSelect={() => onChange(name)}>
              <Image src={thumbnails[name]} alt="" w="full" aspectRatio="4 / 3" objectFit="cover" draggable={false} />
            </Tile>
          );
        })}
        <Tile
          selected={value === 'custom' || value === null}
          label="Custom"
          description="Your own settings below, with key words emphasised"
          onSelect={() => onChange('custom')}
        >
          <Box
            w="full"
            aspectRatio="4 / 3"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bgGradient="to-br"
            gradientFrom="gray.700"
            gradientTo="gray.900"
          >
            <Text color="white" fontWeight="bold" fontSize="xs" letterSpacing="wide">
              Aa
            </Text>
          </Box>
        </Tile>
      </SimpleGrid>
    </Stack>
  );
}
