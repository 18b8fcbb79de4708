import { Button, Card, Code, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { ApiError, apiPost } from '@/lib/api-client';
import { useVoices, voiceLabel } from '@/lib/voices';

/** The fixed settings of the developer test (section 9). */
const testSettings = { modelId: 'eleven_multilingual_v2', speed: 1.25, stability: 0.6, similarityBoost: 0.8, style: 0.3, speakerBoost: true, isDefault: false } as const;

/** /test-voice: creates a voice with fixed test settings and lists the voices (sections 2, 7, 8). */
export default function TestVoiceRoute() {
  const { data: voices, error, mutate } = useVoices();
  const [voiceId, setVoiceId] = useState('test-voice-id');
  const [name, setName] = useState('Test Voice');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: string; speed: number } | null>(null);

  async function create() {
    setBusy(true);
    try {
      const voice = await apiPost<{ id: string; speed: number }>('/api/voices', { voiceId, name, ...testSettings });
      setCreated({ id: voice.id, speed: voice.speed });
      await mutate();
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
          <Text fontSize="sm" color="fg.muted">
            Settings: speed {testSettings.speed}, stability {testSettings.stability}, similarity boost {testSettings.similarityBoost}, style {testSettings.style}
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
                <Table.ColumnHeader>Visibility</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(voices ?? []).map((voice) => (
                <Table.Row key={voice.id}>
                  <Table.Cell>{voiceLabel(voice)}</Table.Cell>
                  <Table.Cell>
                    <Code>{voice.id}</Code>
                  </Table.Cell>
                  <Table.Cell>{voice.visibility}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Stack>
  );
}
