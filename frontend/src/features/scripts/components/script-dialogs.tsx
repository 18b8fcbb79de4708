import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';

import { AppDialog } from '@/components/ui/app-dialog';
import { VoiceSelect } from './voice-select';
import { DialogActions } from '@/components/ui/dialog-actions';
import { LanguageSelect } from '@/components/language-select';
import { LanguageSuggestion } from '@/components/language-suggestion';
import { defaultLanguage, languages, type LanguageCode } from '@contract/rules/languages';

/** What Edit Script saves: the words, the voice and the language they are written in. */
export interface ScriptEdit {
  content: string;
  voiceId: string;
  language: LanguageCode;
}

/**
 * Edit Script: the content, the voice (section 2) and the language. The typed text's language is offered
 * when it differs from the chosen one; the voice select follows the chosen language.
 */
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
  /** The script's language: the starting choice; the voice select offers the voices that speak the chosen one. */
  language?: LanguageCode;
  onSave: (edit: ScriptEdit) => Promise<boolean>;
}) {
  const [content, setContent] = useState(initialContent);
  const [voiceId, setVoiceId] = useState(initialVoiceId);
  const [chosenLanguage, setChosenLanguage] = useState<LanguageCode>(language ?? defaultLanguage);
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
                if (await onSave({ content, voiceId, language: chosenLanguage })) onClose();
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
            dir={languages[chosenLanguage].direction}
            lang={chosenLanguage}
            onChange={(event) => {
              setContent(event.target.value);
              setError(undefined);
            }}
          />
          <Field.HelperText>Saving new words or another language resets the script’s audio and video.</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <LanguageSuggestion text={content} language={chosenLanguage} onAccept={setChosenLanguage} />
        <Field.Root maxW={{ md: '18rem' }}>
          <Field.Label>Language</Field.Label>
          <LanguageSelect value={chosenLanguage} onChange={setChosenLanguage} testId="edit-script-language" />
        </Field.Root>
        <VoiceSelect value={voiceId} onChange={setVoiceId} language={chosenLanguage} />
      </Stack>
    </AppDialog>
  );
}
