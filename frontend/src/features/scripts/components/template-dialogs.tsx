import { Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, useTransition } from 'react';
import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { LanguageSelect } from '@/components/language-select';
import type { CreateScriptTemplateRequest, ScriptTemplate } from '@contract/generation';
import { defaultLanguage, languages, type LanguageCode } from '@contract/rules/languages';

import { deleteTemplate, saveTemplate, TEMPLATES_KEY, useScriptTemplates } from '../api/templates';
import { preview, PROMPT_PREVIEW_CHARS } from '../lib/rules';
import { AppDialog } from '@/components/ui/app-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';

export type TemplateFields = Omit<CreateScriptTemplateRequest, 'name'>;

/** Save Template: a name for the current form (sections 2, 5, 8). */
export function SaveTemplateDialog({ open, onClose, fields }: { open: boolean; onClose: () => void; fields: TemplateFields }) {
  const { mutate } = useSWRConfig();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, startSaving] = useTransition();
  // The generator's language, which the creator may change for the template.
  const [language, setLanguage] = useState<LanguageCode>(defaultLanguage);
  useEffect(() => {
    if (open) setLanguage((fields.language as LanguageCode | undefined) ?? defaultLanguage);
  }, [open, fields.language]);

  function save() {
    if (!name.trim()) {
      setError('Please enter a template name');
      return;
    }
    startSaving(async () => {
      try {
        const saved = await saveTemplate({ ...fields, language, name: name.trim() });
        showToast({ type: 'success', title: `Template "${saved.name}" saved successfully!` });
        await mutate(TEMPLATES_KEY);
        setName('');
        setError(undefined);
        onClose();
      } catch {
        showToast({ type: 'error', title: 'Failed to save template' });
      }
    });
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Save Template"
      footer={
        <DialogActions onCancel={onClose}>
          <Button colorPalette="brand" onClick={save} loading={saving}>
            Save
          </Button>
        </DialogActions>
      }
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Template name</Field.Label>
        <Input
          value={name}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => event.key === 'Enter' && save()}
          placeholder="e.g. Monday motivation"
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Field.Root mt="4">
        <Field.Label>Language</Field.Label>
        <LanguageSelect value={language} onChange={setLanguage} testId="template-language" />
      </Field.Root>
    </AppDialog>
  );
}

/** Load Template: the saved templates with Load and delete (sections 2, 8). */
export function LoadTemplateDialog({ open, onClose, onLoad }: { open: boolean; onClose: () => void; onLoad: (template: ScriptTemplate) => void }) {
  const { data, error, isLoading, mutate } = useScriptTemplates(open);
  const [deleting, setDeleting] = useState<string>();
  // Which template the confirm dialog is about; it keeps its name while the dialog closes.
  const [confirming, setConfirming] = useState<{ template: ScriptTemplate; open: boolean } | null>(null);

  useEffect(() => {
    if (error) showToast({ type: 'error', title: 'Failed to fetch templates' });
  }, [error]);

  async function remove(template: ScriptTemplate) {
    setDeleting(template.id);
    try {
      await deleteTemplate(template.id);
      showToast({ type: 'success', title: 'Template deleted successfully!' });
      await mutate();
    } catch {
      showToast({ type: 'error', title: 'Failed to delete template' });
    } finally {
      setDeleting(undefined);
      setConfirming((current) => current && { ...current, open: false });
    }
  }

  return (
    <AppDialog open={open} onClose={onClose} title="Load Template" size="lg">
      {isLoading ? (
        <Stack>
          <Skeleton h="16" />
          <Skeleton h="16" />
        </Stack>
      ) : error ? (
        <Text color="red.600">Failed to fetch templates</Text>
      ) : !data?.length ? (
        <Text color="fg.muted">No templates saved yet. Fill in the form and choose Save Template.</Text>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {data.map((template) => (
            <HStack as="li" key={template.id} borderWidth="1px" rounded="md" p="3" justify="space-between" align="start" data-testid="template-item">
              <Stack gap="0.5" minW="0">
                <Text fontWeight="semibold">{template.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {[
                    template.topic,
                    template.subjectCategory,
                    template.duration,
                    `${template.scriptCount} script${template.scriptCount === 1 ? '' : 's'}`,
                    template.language !== defaultLanguage ? languages[template.language].nativeName : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {template.extraInstructions && (
                  <Text fontSize="sm" color="fg.muted">
                    {preview(template.extraInstructions, PROMPT_PREVIEW_CHARS).text}
                  </Text>
                )}
              </Stack>
              <HStack>
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() => {
                    onLoad(template);
                    onClose();
                  }}
                >
                  Load
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete template ${template.name}`}
                  loading={deleting === template.id}
                  onClick={() => setConfirming({ template, open: true })}
                >
                  Delete
                </Button>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
      {/* Deleting a template asks first. */}
      <ConfirmDialog
        open={confirming?.open ?? false}
        title="Delete Template"
        onClose={() => setConfirming((current) => current && { ...current, open: false })}
        onConfirm={() => (confirming ? remove(confirming.template) : undefined)}
      >
        {`Delete the template “${confirming?.template.name ?? ''}”? This cannot be undone.`}
      </ConfirmDialog>
    </AppDialog>
  );
}
