import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';

import type { PublicVoice } from '@contract/voices';

import { formatSeconds } from '../lib/voice-files';
import { StarIcon, TrashIcon, WaveIcon } from './voice-icons';

/** What was measured in the samples and how the voice speaks, in a line. */
function facts(voice: PublicVoice): string {
  const clone = voice.clone;
  if (!clone) return 'Made on the voice test page';
  const parts = [`${clone.sampleCount} ${clone.sampleCount === 1 ? 'sample' : 'samples'}`, formatSeconds(clone.sampleSeconds)];
  if (clone.pitchHz !== null) parts.push(`${Math.round(clone.pitchHz)} Hz`);
  if (clone.syllablesPerSecond !== null) parts.push(`${clone.syllablesPerSecond.toFixed(1)} syllables/s`);
  return parts.join(' · ');
}

/** One cloned voice: its name and kind, what was measured, Make default and Delete. */
function VoiceRow({ voice, busy, onMakeDefault, onDelete }: { voice: PublicVoice; busy: boolean; onMakeDefault: () => void; onDelete: () => void }) {
  const offline = voice.clone?.method === 'offline';
  return (
    <Box borderWidth="1px" borderRadius="xl" p="3.5" bg="bg" data-testid="cloned-voice" _hover={{ borderColor: 'purple.300' }} transition="border-color 0.15s">
      <Stack gap="3">
        <HStack gap="3" align="start">
          <Box
            flexShrink={0}
            boxSize="10"
            borderRadius="full"
            bgGradient="to-br"
            gradientFrom="purple.500"
            gradientTo="pink.400"
            color="white"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="lg"
            aria-hidden
          >
            <WaveIcon />
          </Box>
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" lineClamp={1} title={voice.name} data-testid="cloned-voice-name">
                {voice.name}
              </Text>
              {voice.isDefault && (
                <Badge size="sm" colorPalette="green" variant="subtle">
                  Default
                </Badge>
              )}
            </HStack>
            <HStack gap="2" wrap="wrap">
              {offline ? (
                <Badge size="sm" colorPalette="orange" variant="surface" title="No ElevenLabs key is set: an eSpeak voice matched to your pitch and pace">
                  Offline approximation
                </Badge>
              ) : voice.clone ? (
                <Badge size="sm" colorPalette="brand" variant="surface">
                  ElevenLabs clone
                </Badge>
              ) : null}
              <Text fontSize="xs" color="fg.muted">
                {facts(voice)}
              </Text>
            </HStack>
          </Stack>
        </HStack>
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="outline" onClick={onMakeDefault} disabled={voice.isDefault || busy}>
            <StarIcon /> {voice.isDefault ? 'Default voice' : 'Make default'}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} disabled={busy} aria-label={`Delete ${voice.name}`}>
            <TrashIcon /> Delete
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** The user's cloned voices (the new voice appears in the list). */
export function VoiceCloneList({
  voices,
  busyId,
  onMakeDefault,
  onDelete,
}: {
  voices: PublicVoice[];
  busyId: string | null;
  onMakeDefault: (voice: PublicVoice) => void;
  onDelete: (voice: PublicVoice) => void;
}) {
  if (voices.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="6" textAlign="center" color="fg.muted">
        <Text fontWeight="medium">No cloned voices yet</Text>
        <Text fontSize="sm">Your clones appear here and as “Your Voice” in every voice select.</Text>
      </Box>
    );
  }
  return (
    <Stack gap="2.5">
      {voices.map((voice) => (
        <VoiceRow key={voice.id} voice={voice} busy={busyId === voice.id} onMakeDefault={() => onMakeDefault(voice)} onDelete={() => onDelete(voice)} />
      ))}
    </Stack>
  );
}
