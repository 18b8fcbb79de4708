import { Badge, Button, Card, Code, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { ApiError, apiPost } from '@/lib/api-client';
import { VOICES_KEY } from '@/lib/voices';
import type { PublicVoice } from '@contract/voices';

/** The fixed settings of the developer test (section 9). */
const testSettings = {
  modelId: 'eleven_multilingual_v2',
  speed: 1.25,
  stability: 0.6,
  similarityBoost: 0.8,
  style: 0.3,
  speakerBoost: true,
  isDefault: false,
} as const;

/** The test page's list: every voice, its test voices included (other lists leave them out). */
const TEST_PAGE_VOICES_KEY = `${VOICES_KEY}?include=test`;

function kindOf(voice: PublicVoice): string {
  if (voice.test) return 'Test voice';
  return voice.visibility === 'private' ? 'Your Voice' : 'Preset';
}

/**
 * /test-voice: creates a voice with fixed test settings and lists the voices (sections 2, 7, 8). A test
 * voice is not a clone: it takes no voice-clone slot and no other voice list offers it; the page says so.
 */
export default function TestVoiceRoute() {
  const { data: voices, error, mutate } = useSWR<PublicVoice[]>(TEST_PAGE_VOICES_KEY);
  const { mutate: mutateKey } = useSWRConfig();
  const [voiceId, setVoiceId] = useState('test-voice-id');
  const [name, setName] = useState('Test Voice');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: string; speed: number } | null>(null);

  async function create() {
    setBusy(true);
    try {
      const voice = await apiPost<{ id: string; speed: number }>('/api/voices', { voiceId, name, ...testSettings });
      setCreated({ id: voice.id, speed: voice.speed });
      await Promise.all([mutate(), mutateKey(VOICES_KEY)]);
    } catch (failure) {
      const text = failure instanceof ApiError ? failure.message : undefined;
      showToast({ type: 'error', title: 'Error creating voice', description: text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Developer Voice Test
      </Heading>
      <Card.Root>
        <Card.Body gap="4">
          <HStack gap="4" align="end" wrap="wrap">
            <Field.Root maxW="xs">
              <Field.Label>Voice ID</Field.Label>
              <Input value={voiceId} onChange={(event) => setVoiceId(event.target.value)} />
            </Field.Root>
            <Field.Root maxW="xs">
              <Field.Label>Name</Field.Label>
              <Input value={name} onChange={(event) => setName(event.target.value)} />
            </Field.Root>
            <Button colorPalette="brand" onClick={() => void create()} loading={busy}>
              Create test voice
            </Button>
          </HStack>
          <Text fontSize="sm" data-testid="test-voice-note">
            A test voice is not a cloned voice: it does not use one of your plan&apos;s voice-clone slots, and it is listed only on this page.
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Settings: speed {testSettings.speed}, stability {testSettings.stability}, similarity boost {testSettings.similarityBoost}, style{' '}
            {testSettings.style}
          </Text>
          {created && (
            <Text data-testid="created-voice">
              Created voice <Code>{created.id}</Code> with speed {created.speed}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Stack gap="3">
        <Heading as="h2" size="lg">
          Voices
        </Heading>
        {error ? (
          <Text color="red.600">Error getting voices</Text>
        ) : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>ID</Table.ColumnHeader>
                <Table.ColumnHeader>Kind</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(voices ?? []).map((voice) => (
                <Table.Row key={voice.id} data-testid="voice-row" data-kind={voice.test ? 'test' : voice.visibility}>
                  <Table.Cell>{voice.name}</Table.Cell>
                  <Table.Cell>
                    <Code>{voice.id}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={voice.test ? 'orange' : voice.visibility === 'private' ? 'brand' : 'gray'} variant="subtle">
                      {kindOf(voice)}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Stack>
  );
}
