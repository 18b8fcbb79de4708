import { Badge, Box, Button, chakra, Field, Flex, Grid, Heading, HStack, Image, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import { IconTile } from '@/components/ui/icon-tile';
import { ChoiceButton } from '@/components/ui/choice-button';
import { OptionSelect } from '@/components/ui/option-select';
import { SubjectCategorySelect } from '@/components/subject-category-select';
import { LanguageSelect } from '@/components/language-select';
import { useUser } from '@/lib/auth';

import { FolderSelect } from '@/components/folder-select';
import { AppDialog } from '@/components/ui/app-dialog';
import { showToast } from '@/components/ui/toaster';
import { languageName, useVoices, voiceLabel, voicesForLanguage } from '@/lib/voices';
import type { PublicAsset } from '@contract/media';
import type { VideoTemplate } from '@contract/workflows';
import { backgroundAudioVolumeRange } from '@contract/rules/workflows';

import { createTemplate, updateTemplate, useTemplateChoices } from '../api/workflows';
import {
  defaultTemplateForm,
  fieldLimits,
  templateDurations,
  templateFormFrom,
  templateIsComplete,
  templateRequestFrom,
  workflowMessages,
  type TemplateForm,
} from '../lib/workflows';
import { LabeledSlider } from '@/components/ui/labeled-slider';
import { failureText } from '@/lib/failure-text';
import { thumbnailSrc } from '@/lib/thumbnails';

import { CaptionFields, CaptionPreview } from './caption-fields';
import { CaptionsIcon, FilmIcon, FolderIcon, MicIcon, SparkIcon } from './icons';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ActiveSwitch } from './active-switch';

/** A clip's picture: its thumbnail, or an image asset's own file when it has none. */
function assetThumbnail(asset: PublicAsset): string | undefined {
  if (!asset.thumbnailUrl) return asset.fileType.startsWith('image') ? asset.fileUrl : undefined;
  return thumbnailSrc(asset.thumbnailUrl);
}

function Section({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="4" as="section" aria-label={title}>
      <HStack gap="3" align="center">
        <IconTile size="sm">{icon}</IconTile>
        <Box minW="0">
          <Heading as="h3" size="sm">
            {title}
          </Heading>
          {hint && (
            <Text fontSize="xs" color="fg.muted">
              {hint}
            </Text>
          )}
        </Box>
      </HStack>
      {children}
    </Stack>
  );
}

/** Chosen assets: a grid of the newest clips and images; a click adds or removes one. */
function AssetPicker({ assets, chosen, onChange, loading }: { assets: PublicAsset[]; chosen: string[]; onChange: (ids: string[]) => void; loading: boolean }) {
  if (loading)
    return (
      <Text fontSize="sm" color="fg.muted">
        Loading your media…
      </Text>
    );
  if (assets.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No clips or images in your library yet. Upload some on the Media page, or leave this empty to let each run choose.
      </Text>
    );
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((item) => item !== id) : chosen.length < fieldLimits.assignedAssets ? [...chosen, id] : chosen);
  return (
    <Grid
      templateColumns="repeat(auto-fill, minmax(5.5rem, 1fr))"
      gap="2"
      maxH="15rem"
      overflowY="auto"
      p="1"
      data-testid="asset-picker"
      role="group"
      aria-label="Chosen media"
    >
      {assets.map((asset) => {
        const index = chosen.indexOf(asset.id);
        const on = index >= 0;
        const src = assetThumbnail(asset);
        return (
          <chakra.button
            key={asset.id}
            type="button"
            onClick={() => toggle(asset.id)}
            aria-pressed={on}
            aria-label={asset.title || asset.fileName}
            title={asset.title || asset.fileName}
            position="relative"
            rounded="md"
            overflow="hidden"
            borderWidth="2px"
            borderColor={on ? 'brand.solid' : 'transparent'}
            bg="bg.muted"
            style={{ aspectRatio: '9 / 12' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' }}
          >
            {src ? (
              <Image src={src} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
            ) : (
              <Flex h="full" align="center" justify="center" color="fg.subtle" fontSize="xl">
                <FilmIcon />
              </Flex>
            )}
            <Text position="absolute" bottom="0" insetX="0" px="1" py="0.5" fontSize="2xs" color="white" bg="blackAlpha.600" truncate>
              {asset.title || asset.fileName}
            </Text>
            {on && (
              <Flex
                position="absolute"
                top="1"
                right="1"
                boxSize="5"
                rounded="full"
                bg="brand.solid"
                color="white"
                fontSize="2xs"
                fontWeight="bold"
                align="center"
                justify="center"
              >
                {index + 1}
              </Flex>
            )}
          </chakra.button>
        );
      })}
    </Grid>
  );
}

/**
 * Create/Edit Video Template: every field of the entity, with a live caption preview.
 * Save checks name, topic, subject category and duration ('Missing Information').
 */
export function TemplateDialog({
  open,
  template,
  onClose,
  onSaved,
}: {
  open: boolean;
  template: VideoTemplate | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [form, setForm] = useState<TemplateForm>(defaultTemplateForm);
  const [tried, setTried] = useState(false);
  const [saving, startSaving] = useTransition();
  const { data: voices } = useVoices();
  const { data: user } = useUser();
  const { audio, folders, assets, loadingAssets } = useTemplateChoices(open);
  const editing = template !== null;
  const userLanguage = user?.language;

  useEffect(() => {
    if (!open) return;
    // A new template is written in the user's default language.
    setForm(template ? templateFormFrom(template) : defaultTemplateForm(userLanguage));
    setTried(false);
  }, [open, template, userLanguage]);

  const set = <K extends keyof TemplateForm>(key: K, value: TemplateForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  // Only the voices that speak the template's language; a chosen one that does not stays, marked, with a note.
  const voiceChoices = useMemo(() => {
    const { offered, unfit, note } = voicesForLanguage(voices ?? [], form.language, form.voiceId);
    const options = offered.map((voice) => ({ value: voice.id, label: voiceLabel(voice) }));
    if (unfit) options.unshift({ value: unfit.id, label: `${voiceLabel(unfit)} (does not speak ${languageName(form.language)})` });
    return { options, note };
  }, [voices, form.language, form.voiceId]);
  const missing = (value: string) => tried && !value.trim();

  function save() {
    setTried(true);
    if (!templateIsComplete(form)) {
      showToast({ type: 'error', title: workflowMessages.missingTitle, description: workflowMessages.templateMissing });
      return;
    }
    startSaving(async () => {
      try {
        const body = templateRequestFrom(form);
        if (template) await updateTemplate(template.id, body);
        else await createTemplate(body);
        showToast({ type: 'success', title: template ? workflowMessages.templateUpdated : workflowMessages.templateCreated, description: body.name });
        await onSaved();
        onClose();
      } catch (error) {
        showToast(
          template
            ? { type: 'error', title: 'Error Updating Template', description: failureText(error, 'Failed to update template. Please try again.') }
            : { type: 'error', title: 'Error Creating Template', description: failureText(error, workflowMessages.createTemplateFailed) },
        );
      }
    });
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Video Template' : 'Create Video Template'}
      size="xl"
      scrollBehavior="inside"
      footer={
        <HStack justify="space-between" w="full" wrap="wrap" gap="3">
          <ActiveSwitch checked={form.isActive} onChange={(checked) => set('isActive', checked)} testId="template-active" />
          <DialogActions onCancel={onClose}>
            <Button colorPalette="brand" onClick={save} loading={saving}>
              {editing ? 'Save Changes' : 'Create Template'}
            </Button>
          </DialogActions>
        </HStack>
      }
    >
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 15rem' }} gap={{ base: '6', md: '8' }} alignItems="start">
        <Stack gap="8" minW="0">
          <Section icon={<SparkIcon />} title="The idea" hint="What each video is about. Every run writes a fresh script from this.">
            <Field.Root required invalid={missing(form.name)}>
              <Field.Label>
                Template name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={form.name}
                maxLength={fieldLimits.templateName}
                placeholder="e.g. Monday motivation"
                onChange={(event) => set('name', event.target.value)}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Description</Field.Label>
              <Input
                value={form.description}
                maxLength={fieldLimits.description}
                placeholder="A note for yourself: what this template is for"
                onChange={(event) => set('description', event.target.value)}
              />
            </Field.Root>
            <Grid templateColumns={{ base: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="4">
              <Field.Root required invalid={missing(form.topic)}>
                <Field.Label>
                  Topic <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  value={form.topic}
                  maxLength={fieldLimits.topic}
                  placeholder="e.g. Small habits for better mornings"
                  onChange={(event) => set('topic', event.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Language</Field.Label>
                <LanguageSelect value={form.language} onChange={(language) => set('language', language)} testId="video-template-language" />
              </Field.Root>
            </Grid>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required invalid={missing(form.subjectCategory)}>
                <Field.Label>
                  Subject category <Field.RequiredIndicator />
                </Field.Label>
                <SubjectCategorySelect placeholder="Choose a category" value={form.subjectCategory} onChange={(category) => set('subjectCategory', category)} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Duration <Field.RequiredIndicator />
                </Field.Label>
                <HStack gap="1" role="radiogroup" aria-label="Duration" w="full">
                  {templateDurations.map((duration) => (
                    <ChoiceButton
                      key={duration}
                      kind="radio"
                      chosen={form.duration === duration}
                      flex="1"
                      size="sm"
                      px="0"
                      onClick={() => set('duration', duration)}
                    >
                      {duration.replace(' sec', 's')}
                    </ChoiceButton>
                  ))}
                </HStack>
              </Field.Root>
            </SimpleGrid>
            <Field.Root>
              <Field.Label>Prompt</Field.Label>
              <Textarea
                value={form.prompt}
                maxLength={fieldLimits.prompt}
                rows={3}
                autoresize
                placeholder="Tone, hook, call to action… anything the writer should know"
                onChange={(event) => set('prompt', event.target.value)}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>
                Fixed script{' '}
                <Badge size="xs" variant="subtle">
                  optional
                </Badge>
              </Field.Label>
              <Textarea
                value={form.scriptContent}
                maxLength={fieldLimits.scriptContent}
                rows={3}
                autoresize
                placeholder="Leave empty to write a new script every run"
                onChange={(event) => set('scriptContent', event.target.value)}
              />
              <Field.HelperText>When set, every run uses these exact words instead of writing new ones.</Field.HelperText>
            </Field.Root>
          </Section>

          <Section icon={<MicIcon />} title="Voice & music">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Voice</Field.Label>
                <OptionSelect
                  value={form.voiceId}
                  onChange={(voiceId) => set('voiceId', voiceId)}
                  options={voiceChoices.options}
                  invalid={Boolean(voiceChoices.note)}
                  testId="video-template-voice"
                >
                  <option value="">Your default voice</option>
                </OptionSelect>
                {voiceChoices.note && <Field.HelperText color="fg.error">{voiceChoices.note}</Field.HelperText>}
              </Field.Root>
              <Field.Root>
                <Field.Label>Background audio</Field.Label>
                <OptionSelect
                  value={form.backgroundAudioId}
                  onChange={(value) => set('backgroundAudioId', value)}
                  options={audio.map((track) => ({ value: track.id, label: track.title || track.fileName }))}
                >
                  <option value="">No music</option>
                </OptionSelect>
              </Field.Root>
            </SimpleGrid>
            <LabeledSlider
              label="Music volume"
              value={form.backgroundAudioVolume}
              min={backgroundAudioVolumeRange.min}
              max={backgroundAudioVolumeRange.max}
              unit="%"
              disabled={!form.backgroundAudioId}
              onChange={(volume) => set('backgroundAudioVolume', volume)}
            />
          </Section>

          <Section
            icon={<FolderIcon />}
            title="Media"
            hint="Pick a folder to draw clips from, or choose the clips yourself. Leave both empty to use your whole library."
          >
            <Field.Root>
              <Field.Label>Folder</Field.Label>
              <FolderSelect
                folders={folders}
                value={form.folderId}
                onChange={(id) => set('folderId', id)}
                label="Folder"
                emptyValue=""
                emptyLabel="Any folder"
              />
            </Field.Root>
            <Stack gap="2">
              <HStack justify="space-between">
                <Text fontSize="sm" fontWeight="medium">
                  Chosen clips
                </Text>
                {form.assetIds.length > 0 && (
                  <HStack gap="2">
                    <Text fontSize="xs" color="fg.muted">
                      {form.assetIds.length} chosen · used in this order
                    </Text>
                    <Button size="2xs" variant="ghost" onClick={() => set('assetIds', [])}>
                      Clear
                    </Button>
                  </HStack>
                )}
              </HStack>
              <AssetPicker assets={assets} chosen={form.assetIds} loading={loadingAssets} onChange={(ids) => set('assetIds', ids)} />
            </Stack>
          </Section>

          <Section icon={<CaptionsIcon />} title="Captions">
            <Box display={{ md: 'none' }} maxW="10rem" mx="auto" w="full">
              <CaptionPreview settings={form.captionSettings} language={form.language} />
            </Box>
            <CaptionFields value={form.captionSettings} onChange={(captionSettings) => set('captionSettings', captionSettings)} />
          </Section>
        </Stack>
        <Stack gap="2" position="sticky" top="0" display={{ base: 'none', md: 'flex' }} align="center" data-testid="template-preview-column">
          <CaptionPreview settings={form.captionSettings} language={form.language} />
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            Caption preview
          </Text>
        </Stack>
      </Grid>
    </AppDialog>
  );
}
