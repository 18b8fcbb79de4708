import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';

import { AppDialog } from '@/components/ui/app-dialog';
import { VoiceSelect } from './voice-select';
import { DialogActions } from '@/components/ui/dialog-actions';

/** Edit Script: the content and the voice (section 2). */
export function EditScriptDialog({
  open,
  onClose,
  initialContent,
  initialVoiceId,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  initialContent: string;
  initialVoiceId: string;
  onSave: (content: string, voiceId: string) => Promise<boolean>;
}) {
  const [content, setContent] = useState(initialContent);
  const [voiceId, setVoiceId] = useState(initialVoiceId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Edit Script"
      size="lg"
      footer={
        <DialogActions onCancel={onClose}>
          <Button
            colorPalette="brand"
            loading={busy}
            onClick={async () => {
              if (!content.trim()) {
                setError('Script content is required');
                return;
              }
              setBusy(true);
              try {
                if (await onSave(content, voiceId)) onClose();
              } finally {
                setBusy(false);
              }
            }}
          >
            Save
          </Button>
        </DialogActions>
      }
    >
      <Stack gap="4">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Script</Field.Label>
          <Textarea
            value={content}
            rows={10}
            onChange={(event) => {
              setContent(event.target.value);
              setError(undefined);
            }}
          />
          <Field.HelperText>Saving new words resets the script’s audio and video.</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <VoiceSelect value={voiceId} onChange={setVoiceId} />
      </Stack>
    </AppDialog>
  );
}

const platforms = ['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'TikTok'] as const;

/**
 * Schedule Video: the spec calls it a non-functional stub. It shows its fields but says plainly that
 * posting to social platforms is not available yet, and its button stays disabled.
 */
export function ScheduleVideoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [platform, setPlatform] = useState<string>();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Schedule Video"
      footer={
        <DialogActions onCancel={onClose} cancelLabel="Close">
          <Button colorPalette="brand" disabled title="Coming soon">
            Schedule (coming soon)
          </Button>
        </DialogActions>
      }
    >
      <Stack gap="4">
        <Text bg="orange.subtle" color="orange.fg" p="3" rounded="md" fontSize="sm">
          Posting to social platforms is coming soon. Nothing is scheduled from this dialog yet.
        </Text>
        <SimpleGrid columns={2} gap="3">
          <Field.Root disabled>
            <Field.Label>Date</Field.Label>
            <Input type="date" />
          </Field.Root>
          <Field.Root disabled>
            <Field.Label>Time</Field.Label>
            <Input type="time" />
          </Field.Root>
        </SimpleGrid>
        <HStack wrap="wrap" gap="2" aria-label="Platform">
          {platforms.map((name) => (
            <Button key={name} size="sm" variant={platform === name ? 'solid' : 'outline'} onClick={() => setPlatform(name)}>
              {name}
            </Button>
          ))}
        </HStack>
      </Stack>
    </AppDialog>
  );
}
