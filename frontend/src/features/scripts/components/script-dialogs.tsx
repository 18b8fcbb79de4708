import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';

import { AppDialog } from '@/components/ui/app-dialog';
import { VoiceSelect } from './voice-select';
import { DialogActions } from '@/components/ui/dialog-actions';
import type { LanguageCode } from '@contract/languages';

/** Edit Script: the content and the voice (section 2). */
export function EditScriptDialog({
  open,
  onClose,
  initialContent,
  initialVoiceId,
  language,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  initialContent: string;
  initialVoiceId: string;
  /** The script's language: the voice select offers the voices that speak it. */
  language?: LanguageCode;
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
        <VoiceSelect value={voiceId} onChange={setVoiceId} language={language} />
      </Stack>
    </AppDialog>
  );
}
