import { Alert, Button, Checkbox, Field, Fieldset, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { AppDialog } from '@/components/ui/app-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/failure-text';
import { languageCodes, languageMessages, languages, translateMaxLanguages, type LanguageCode } from '@contract/rules/languages';
import type { Script } from '@contract/scripts';

import { refusalDescription, translateScript } from '../api/scripts';

/**
 * Translate: the finished video re-made in other languages. Each chosen language becomes a new script
 * (the same voice, captions and shots), voiced and rendered when "Voice and render each" is on. Without an
 * OpenAI key on the server the dialog says translating needs one.
 */
export function TranslateDialog({
  script,
  onClose,
  onTranslated,
}: {
  script: Pick<Script, 'id' | 'title' | 'language'>;
  onClose: () => void;
  onTranslated: () => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<LanguageCode[]>([]);
  const [render, setRender] = useState(true);
  const [busy, setBusy] = useState(false);
  const [needsKey, setNeedsKey] = useState(false);
  const [error, setError] = useState<string>();
  const offered = languageCodes.filter((code) => code !== script.language);
  const full = chosen.length >= translateMaxLanguages;

  const toggle = (code: LanguageCode, on: boolean) => setChosen((current) => (on ? [...current, code] : current.filter((c) => c !== code)));

  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      const result = await translateScript(script.id, { languages: chosen, render });
      const names = result.scripts.map((version) => languages[version.language].name).join(', ');
      showToast({ type: 'success', title: `Translated into ${names}`, description: render ? 'Each version is being voiced and rendered.' : undefined });
      await onTranslated();
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && caught.serverMessage === languageMessages.translateNeedsKey) setNeedsKey(true);
      else setError(refusalDescription(caught) ?? failureText(caught, 'Failed to translate the script'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      title="Translate"
      size="lg"
      scrollBehavior="inside"
      footer={
        <DialogActions onCancel={onClose}>
          <Button colorPalette="brand" loading={busy} disabled={chosen.length === 0 || needsKey} onClick={() => void submit()}>
            Translate
          </Button>
        </DialogActions>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {`Each language becomes a new script from “${script.title}”, with the same voice, captions and clips.`}
        </Text>
        {needsKey && (
          <Alert.Root status="warning" data-testid="translate-needs-key">
            <Alert.Indicator />
            <Alert.Title>{languageMessages.translateNeedsKey}</Alert.Title>
          </Alert.Root>
        )}
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="semibold">{`Languages (up to ${translateMaxLanguages})`}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="2" mt="2">
            {offered.map((code) => {
              const checked = chosen.includes(code);
              return (
                <Checkbox.Root
                  key={code}
                  checked={checked}
                  disabled={!checked && full}
                  onCheckedChange={(details) => toggle(code, details.checked === true)}
                  size="sm"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label lang={code}>{languages[code].nativeName}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </SimpleGrid>
        </Fieldset.Root>
        <Field.Root>
          <Switch.Root checked={render} onCheckedChange={(details) => setRender(details.checked)} colorPalette="brand" size="sm">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Voice and render each</Switch.Label>
          </Switch.Root>
          <Field.HelperText>Each version uses your plan’s tokens, and with rendering its audio and video minutes, like any video.</Field.HelperText>
        </Field.Root>
        {error && (
          <Text fontSize="sm" color="red.600" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
