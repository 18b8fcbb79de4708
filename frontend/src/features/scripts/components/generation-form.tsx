import { Box, Button, Card, Field, Heading, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { OptionSelect } from '@/components/ui/option-select';
import { SubjectCategorySelect } from '@/components/subject-category-select';
import { LanguageSelect } from '@/components/language-select';
import { LanguageSuggestion } from '@/components/language-suggestion';

import { showToast } from '@/components/ui/toaster';
import { USER_KEY, useUser } from '@/lib/auth';
import { useRealtime } from '@/lib/realtime';
import { selectVoice, useVoices } from '@/lib/voices';
import type { ScriptTemplate } from '@contract/generation';
import { defaultLanguage, type LanguageCode } from '@contract/rules/languages';

import { generateQuote, generateScripts, saveScript, tokenLimitDetails } from '../api/scripts';
import { useFallbackPoller } from '../hooks/use-fallback-poller';
import { POLL_AFTER_SCRIPTS_MS } from '../lib/generation-status';
import { DEFAULT_DURATION, DURATIONS, FALLBACK_QUOTE, PLATFORM, SCRIPT_COUNTS, TONE } from '../lib/rules';
import { QuoteOverlay } from './quote-overlay';
import { LoadTemplateDialog, SaveTemplateDialog } from './template-dialogs';
import { VoiceSelect } from './voice-select';
import { FolderSelect } from '@/components/folder-select';
import { failureText } from '@/lib/failure-text';
import { useFolders } from '@/lib/folders';

interface FormState {
  topic: string;
  subjectCategory: string;
  duration: string;
  scriptCount: number;
  extraInstructions: string;
  preferredFolderId: string;
  /** Starts as the user's default language (Settings). */
  language: LanguageCode;
}

const initial: FormState = {
  topic: '',
  subjectCategory: '',
  duration: DEFAULT_DURATION,
  scriptCount: 1,
  extraInstructions: '',
  preferredFolderId: 'all',
  language: defaultLanguage,
};

const scriptCountOptions = SCRIPT_COUNTS.map((count) => ({ value: String(count), label: String(count) }));

/** The client's checks, with the product's (docs/product.md#generation) messages; the server checks the same. */
function validate(form: FormState): Partial<Record<keyof FormState, string>> {
  const errors: Partial<Record<keyof FormState, string>> = {};
  if (form.duration.trim().length < 2) errors.duration = 'Duration is required';
  if (form.extraInstructions.trim().length < 3) errors.extraInstructions = 'Prompt is required and should be at least 3 characters';
  return errors;
}

/** The success toast (`{n} scripts generated successfully!`), in the singular for one script. */
export function scriptsGeneratedTitle(count: number): string {
  return `${count} ${count === 1 ? 'script' : 'scripts'} generated successfully!`;
}

/** "Generate Your Scripts" (sections 2, 4, 5, 7, 8). */
export function GenerationForm({ onGenerated }: { onGenerated: () => Promise<unknown> }) {
  const { mutate } = useSWRConfig();
  const { data: user } = useUser();
  const { data: voices } = useVoices();
  const { folders } = useFolders();
  const [form, setForm] = useState<FormState>(initial);
  const [voiceId, setVoiceId] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [generating, setGenerating] = useState(false);
  const [quote, setQuote] = useState<string | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  const [dialog, setDialog] = useState<'save' | 'load' | null>(null);
  const [lastSource, setLastSource] = useState<'openai' | 'offline' | null>(null);
  const [languageTouched, setLanguageTouched] = useState(false);
  const realtime = useRealtime();
  // Without a live connection the list is refetched for 30 s after generation.
  const poller = useFallbackPoller(onGenerated);
  useEffect(() => realtime.onMessage((message) => message.type === 'scripts' && poller.stop()), [realtime, poller]);

  // The voice starts as the user's choice, else the first in the list (their own first).
  useEffect(() => {
    if (voiceId || !voices?.length) return;
    const chosen = user?.selectedVoice;
    setVoiceId(typeof chosen === 'string' && voices.some((v) => v.id === chosen) ? chosen : (voices[0]?.id ?? ''));
  }, [voices, user, voiceId]);

  // The language starts as the user's default, until the creator or a template chooses one.
  useEffect(() => {
    if (!languageTouched && user?.language) setForm((current) => ({ ...current, language: user.language }));
  }, [user?.language, languageTouched]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function changeVoice(id: string) {
    setVoiceId(id);
    try {
      await selectVoice(id);
      await mutate(USER_KEY);
    } catch {
      // The choice still applies to this form; it is simply not remembered.
    }
  }

  function loadTemplate(template: ScriptTemplate) {
    setForm({
      topic: template.topic ?? '',
      subjectCategory: template.subjectCategory ?? '',
      duration: template.duration ?? DEFAULT_DURATION,
      scriptCount: template.scriptCount,
      extraInstructions: template.extraInstructions ?? '',
      preferredFolderId: form.preferredFolderId,
      language: template.language,
    });
    setLanguageTouched(true);
    if (template.voiceSelection && voices?.some((v) => v.id === template.voiceSelection)) setVoiceId(template.voiceSelection);
    setErrors({});
    showToast({ type: 'success', title: `Template "${template.name}" loaded successfully!` });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setGenerating(true);
    setQuote(null);
    setQuoteFailed(false);
    void generateQuote(form.topic || form.extraInstructions)
      .then((answer) => setQuote(answer.quote || FALLBACK_QUOTE))
      .catch(() => {
        setQuote(FALLBACK_QUOTE);
        setQuoteFailed(true);
      });
    try {
      const input = { ...form, platform: PLATFORM, toneStyle: TONE };
      const result = await generateScripts(input);
      let saved = 0;
      for (const script of result.scripts) {
        try {
          await saveScript({
            title: script.title,
            scriptContent: script.content,
            postCaption: script.postCaption,
            isActive: true,
            prompt: form.extraInstructions,
            platform: script.platform,
            duration: script.duration,
            topic: form.topic,
            toneStyle: TONE,
            extraInstructions: form.extraInstructions,
            subjectCategory: form.subjectCategory,
            voiceId: voiceId || null,
            preferredFolderId: form.preferredFolderId,
            hookSuggestion: script.hookSuggestion,
            source: script.source,
            language: script.language,
            userId: user?.id,
          });
          saved += 1;
        } catch {
          showToast({ type: 'error', title: 'Failed to save generated script' });
        }
      }
      setLastSource(result.source);
      // The scripts are saved: the overlay goes now, and the list, stats and user refresh behind it
      // (it used to wait for those reads, about 4 s after the answer).
      setGenerating(false);
      setForm((current) => ({ ...current, topic: '', extraInstructions: '' }));
      if (saved > 0) {
        showToast({
          type: 'success',
          title: scriptsGeneratedTitle(saved),
          description: result.source === 'offline' ? 'Written by the offline writer: no OpenAI key is set on this server.' : undefined,
        });
      }
      if (!realtime.connected) poller.start(POLL_AFTER_SCRIPTS_MS);
      await Promise.all([onGenerated(), mutate('/api/stats'), mutate(USER_KEY)]).catch(() => undefined);
    } catch (error) {
      const details = tokenLimitDetails(error);
      if (details !== undefined) showToast({ type: 'error', title: 'Script token limit reached', description: details });
      else showToast({ type: 'error', title: failureText(error, 'Failed to generate scripts') });
    } finally {
      setGenerating(false);
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="generate-heading">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="lg" id="generate-heading">
            Generate Your Scripts
          </Heading>
          <HStack>
            <Button variant="outline" size="sm" onClick={() => setDialog('save')} disabled={generating}>
              Save Template
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDialog('load')} disabled={generating}>
              Load Template
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Topic</Field.Label>
                <Input
                  value={form.topic}
                  onChange={(event) => set('topic', event.target.value)}
                  placeholder="e.g. Morning routines that stick"
                  maxLength={500}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Subject Category</Field.Label>
                <SubjectCategorySelect label="Subject Category" value={form.subjectCategory} onChange={(category) => set('subjectCategory', category)}>
                  <option value="">Any category</option>
                </SubjectCategorySelect>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.duration)}>
                <Field.Label>Duration</Field.Label>
                <HStack gap="2" role="radiogroup" aria-label="Duration" wrap="wrap">
                  {DURATIONS.map((duration) => (
                    <Button
                      key={duration}
                      role="radio"
                      aria-checked={form.duration === duration}
                      size="sm"
                      variant={form.duration === duration ? 'solid' : 'outline'}
                      colorPalette="brand"
                      onClick={() => set('duration', duration)}
                    >
                      {duration}
                    </Button>
                  ))}
                </HStack>
                <Field.ErrorText>{errors.duration}</Field.ErrorText>
              </Field.Root>
              <Field.Root>
                <Field.Label>Number of Scripts</Field.Label>
                <OptionSelect
                  label="Number of Scripts"
                  value={String(form.scriptCount)}
                  onChange={(count) => set('scriptCount', Number(count))}
                  options={scriptCountOptions}
                />
              </Field.Root>
            </SimpleGrid>
            <Field.Root invalid={Boolean(errors.extraInstructions)}>
              <Field.Label>Extra Instructions</Field.Label>
              <Textarea
                value={form.extraInstructions}
                onChange={(event) => set('extraInstructions', event.target.value)}
                placeholder="What should the scripts say? e.g. Three quick tips for beginners, end with a question"
                rows={3}
                maxLength={2000}
              />
              <Field.ErrorText>{errors.extraInstructions}</Field.ErrorText>
            </Field.Root>
            <LanguageSuggestion
              text={`${form.topic}\n${form.extraInstructions}`}
              language={form.language}
              onAccept={(language) => {
                setLanguageTouched(true);
                set('language', language);
              }}
            />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <Field.Root>
                <Field.Label>Language</Field.Label>
                <LanguageSelect
                  value={form.language}
                  onChange={(language) => {
                    setLanguageTouched(true);
                    set('language', language);
                  }}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Preferred Folder</Field.Label>
                <FolderSelect
                  label="Preferred Folder"
                  folders={folders}
                  value={form.preferredFolderId}
                  onChange={(value) => set('preferredFolderId', value)}
                  emptyValue="all"
                  emptyLabel="All"
                />
              </Field.Root>
              <VoiceSelect value={voiceId} onChange={(id) => void changeVoice(id)} language={form.language} />
            </SimpleGrid>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Box>
                {lastSource === 'offline' && (
                  <Text fontSize="sm" color="fg.muted" data-testid="offline-note">
                    Scripts are written by the offline writer (no OpenAI key is set on this server).
                  </Text>
                )}
              </Box>
              <Button type="submit" colorPalette="brand" loading={generating} loadingText="Generating Scripts..." disabled={generating}>
                Generate Scripts
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
      {generating && <QuoteOverlay quote={quote} failed={quoteFailed} />}
      <SaveTemplateDialog
        open={dialog === 'save'}
        onClose={() => setDialog(null)}
        fields={{
          topic: form.topic || null,
          subjectCategory: form.subjectCategory || null,
          duration: form.duration || null,
          scriptCount: form.scriptCount,
          extraInstructions: form.extraInstructions || null,
          voiceSelection: voiceId || null,
          language: form.language,
        }}
      />
      <LoadTemplateDialog open={dialog === 'load'} onClose={() => setDialog(null)} onLoad={loadTemplate} />
    </Card.Root>
  );
}
