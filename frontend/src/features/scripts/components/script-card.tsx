import { Badge, Box, Button, Card, HStack, IconButton, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { failureText } from '@/lib/failure-text';
import { postingUiMessages } from '@contract/rules/posting';
import type { Script } from '@contract/scripts';

import { deleteScript, refusalDescription, regenerateScript, tokenLimitDetails, updateScript, useTranslationAvailability } from '../api/scripts';
import { useScriptGeneration } from '../hooks/use-script-generation';
import { captionSettingsFrom } from '../lib/caption-settings';
import { fromStoredSegment, videoMetadataOf } from '../lib/segments';
import { captionHashtags, captionMaxWords, countHashtags, countWords, postCaptionProblem, preview, PREVIEW_CHARS } from '../lib/rules';
import { canPlayVideo, CardActions, CardVideoPlayer, GenerationState } from './card-actions';
import { VideoPoster } from './finished-video';
import { RefreshIcon, TrashIcon } from './icons';
import { EditScriptDialog, type ScriptEdit } from './script-dialogs';
import { PostVideoDialog } from './posting/post-video-dialog';
import { PublicationsList } from './posting/publications-list';
import { SendIcon } from './posting/posting-icons';
import { publicationsKey } from '../api/publishing';
import { Tip, TipIconButton } from '@/components/ui/tip';
import { LanguageBadge } from './language-badge';
import { languageMessages, translateNeedsKeyLabel, type LanguageCode } from '@contract/rules/languages';
import { TranslateDialog } from './translate-dialog';
import { scriptAnchor, TranslationsLine, type ScriptTranslations } from './translations-line';

/** Text cut to 150 characters with a more/less toggle (sections 2, 9). */
/** The creator's words: in the script's language, each paragraph set in the direction of its own text (`dir="auto"`). */
function Preview({ text, label, language }: { text: string; label: string; language: LanguageCode }) {
  const [open, setOpen] = useState(false);
  const cut = preview(text, PREVIEW_CHARS);
  return (
    <Box>
      <Text whiteSpace="pre-wrap" fontSize="sm" data-testid={`${label}-text`} dir="auto" lang={language} textAlign="start">
        {open ? text : cut.text}
      </Text>
      {cut.truncated && (
        <Button variant="plain" size="xs" px="0" colorPalette="brand" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'less' : 'more'}
        </Button>
      )}
    </Box>
  );
}

function Pane({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="2" flex="1" minW="0" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          {title}
        </Text>
        <HStack gap="1">{actions}</HStack>
      </HStack>
      {children}
    </Stack>
  );
}

/** One script (section 2): header, the Script and Post Caption panes, the footer actions and dialogs. */
export function ScriptCard({
  script,
  selected,
  onSelect,
  onChanged,
  translations,
}: {
  script: Script;
  selected: boolean;
  onSelect: () => void;
  onChanged: () => Promise<unknown>;
  /** Its original and its versions in other languages, from the list. */
  translations?: ScriptTranslations;
}) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'schedule' | 'video' | 'translate' | null>(null);
  const [captionDraft, setCaptionDraft] = useState<string | null>(null);
  const [savingCaption, setSavingCaption] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [active, setActive] = useState(script.isActive);
  // A change from another tab (realtime refresh) wins over the local switch state.
  useEffect(() => setActive(script.isActive), [script.isActive]);
  const generation = useScriptGeneration(script, onChanged);
  const { mutate } = useSWRConfig();
  const hasVideo = Boolean(script.videoUrl);
  const { data: translation } = useTranslationAvailability();
  const needsKey = translation?.available === false;
  const generating = generation.generating || regenerating;

  const playVideo = () => {
    if (canPlayVideo(script)) setDialog('video');
  };

  const captionError = captionDraft !== null && captionDraft.trim() ? postCaptionProblem(captionDraft) : undefined;

  async function toggleActive(next: boolean) {
    setActive(next);
    try {
      await updateScript(script.id, { isActive: next });
      await onChanged();
    } catch {
      setActive(!next);
      showToast({ type: 'error', title: 'Failed to update script status' });
    }
  }

  async function saveContent({ content, voiceId, language }: ScriptEdit): Promise<boolean> {
    try {
      await updateScript(script.id, { scriptContent: content, voiceId: voiceId || null, ...(language !== script.language ? { language } : {}) });
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to save script content', description: failureText(error, 'Failed to update script content') });
      return false;
    }
    showToast({ type: 'success', title: 'Script content updated successfully. Audio and video have been reset.' });
    await onChanged();
    return true;
  }

  async function saveCaption() {
    if (captionDraft === null || captionError) return;
    setSavingCaption(true);
    try {
      await updateScript(script.id, { postCaption: captionDraft });
      setCaptionDraft(null);
      await onChanged();
    } catch (error) {
      showToast({ type: 'error', title: 'Failed to save post caption', description: failureText(error, 'Failed to update post caption') });
    } finally {
      setSavingCaption(false);
    }
  }

  /** The same video rendered again with its own settings and shots (TikTok's way out of a watermarked file after an upgrade). */
  async function renderAgain(): Promise<boolean> {
    const started = await generation.generate(
      captionSettingsFrom(script.captionSettings),
      videoMetadataOf((script.videoMetadata?.segments ?? []).map(fromStoredSegment)),
    );
    if (started) showToast({ type: 'info', title: postingUiMessages.renderAgainStarted, description: postingUiMessages.renderAgainStartedText });
    return started;
  }

  async function regenerate() {
    setRegenerating(true);
    try {
      await regenerateScript(script.id);
      showToast({ type: 'success', title: 'Script regenerated successfully' });
      await onChanged();
    } catch (error) {
      const details = tokenLimitDetails(error);
      if (details !== undefined) showToast({ type: 'error', title: 'Script token limit reached', description: details });
      else showToast({ type: 'error', title: failureText(error, 'Failed to regenerate script') });
    } finally {
      setRegenerating(false);
    }
  }

  async function remove() {
    try {
      await deleteScript(script.id);
      setDialog(null);
      await onChanged();
    } catch (error) {
      // A refusal says why (409 while a video is being generated); other failures keep the title alone.
      showToast({ type: 'error', title: 'Failed to delete script', description: refusalDescription(error) });
    }
  }

  const words = countWords(captionDraft ?? '');
  const tags = countHashtags(captionDraft ?? '');

  return (
    <Card.Root
      id={scriptAnchor(script.id)}
      tabIndex={-1}
      data-testid="script-card"
      data-selected={selected || undefined}
      onClick={onSelect}
      cursor="pointer"
      borderColor={selected ? 'brand.solid' : undefined}
      borderWidth={selected ? '2px' : '1px'}
      opacity={active ? 1 : 0.75}
    >
      <Card.Header pb="2">
        <HStack gap="3" align="center">
          <Tip label="Create a fresh version of this script">
            <IconButton
              aria-label="Regenerate script"
              size="sm"
              variant="ghost"
              loading={regenerating}
              disabled={generating}
              onClick={(event) => {
                event.stopPropagation();
                void regenerate();
              }}
            >
              <RefreshIcon />
            </IconButton>
          </Tip>
          <Text as="h3" fontWeight="bold" flex="1" minW="0" lineClamp={2} lang={script.language} dir="auto" textAlign="start">
            {script.title}
          </Text>
          {(script.language !== 'en' || script.translatedFrom || (translations?.versions.length ?? 0) > 0) && <LanguageBadge language={script.language} />}
          {script.source === 'offline' && (
            <Tip label="Written by the offline writer: no OpenAI key is set on this server">
              <Badge colorPalette="gray" variant="subtle">
                Offline writer
              </Badge>
            </Tip>
          )}
          <Switch.Root
            checked={active}
            onCheckedChange={(details) => void toggleActive(details.checked)}
            onClick={(event) => event.stopPropagation()}
            colorPalette="brand"
            size="sm"
          >
            <Switch.HiddenInput aria-label="Active" />
            <Switch.Control />
          </Switch.Root>
        </HStack>
        {translations && (
          <Box onClick={(event) => event.stopPropagation()} pt="1">
            <TranslationsLine translations={translations} />
          </Box>
        )}
      </Card.Header>
      <Card.Body py="2">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" onClick={(event) => event.stopPropagation()}>
          {script.videoUrl && (
            <VideoPoster thumbnailUrl={script.thumbnailUrl} title={script.title} onPlay={playVideo} updating={generation.video === 'generating'} />
          )}
          <Pane
            title="Script"
            actions={
              <Button size="xs" variant="outline" onClick={() => setDialog('edit')} disabled={generating}>
                Edit
              </Button>
            }
          >
            <Preview text={script.scriptContent} label="script" language={script.language} />
          </Pane>
          <Pane
            title="Post Caption"
            actions={
              captionDraft === null ? (
                <Button size="xs" variant="outline" onClick={() => setCaptionDraft(script.postCaption ?? '')} disabled={generating}>
                  Edit
                </Button>
              ) : (
                <>
                  <Button size="xs" colorPalette="brand" onClick={() => void saveCaption()} loading={savingCaption} disabled={Boolean(captionError)}>
                    Save
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setCaptionDraft(null)}>
                    Cancel
                  </Button>
                </>
              )
            }
          >
            {captionDraft === null ? (
              script.postCaption ? (
                <Preview text={script.postCaption} label="caption" language={script.language} />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  No post caption yet.
                </Text>
              )
            ) : (
              <Stack gap="1">
                <Textarea
                  aria-label="Post Caption"
                  value={captionDraft}
                  rows={5}
                  dir="auto"
                  lang={script.language}
                  onChange={(event) => setCaptionDraft(event.target.value)}
                />
                <HStack gap="4" fontSize="xs">
                  <Text color={words > captionMaxWords ? 'red.600' : 'fg.muted'}>{`Words ${words}/${captionMaxWords}`}</Text>
                  <Text color={tags !== captionHashtags ? 'red.600' : 'fg.muted'}>{`Hashtags ${tags}/${captionHashtags}`}</Text>
                </HStack>
                {captionError && (
                  <Text fontSize="sm" color="red.600" role="alert">
                    {captionError}
                  </Text>
                )}
              </Stack>
            )}
          </Pane>
        </Stack>
      </Card.Body>
      <Box px="6" pb="1" onClick={(event) => event.stopPropagation()} _empty={{ display: 'none' }}>
        <GenerationState generation={generation} script={script} />
      </Box>
      {/* The video's posts, live; nothing until it has one. */}
      <Box px="6" pb="1" onClick={(event) => event.stopPropagation()} _empty={{ display: 'none' }}>
        <PublicationsList scriptId={script.id} enabled={hasVideo} />
      </Box>
      <Card.Footer pt="2" justifyContent="space-between" onClick={(event) => event.stopPropagation()}>
        <TipIconButton tip="Delete this script" label="Delete script" onClick={() => setDialog('delete')} disabled={generating} danger>
          <TrashIcon />
        </TipIconButton>
        <HStack gap="2" wrap="wrap" justify="end">
          {/* Schedule Video posts the finished video to connected accounts. */}
          <Tip label={hasVideo ? postingUiMessages.scheduleTip : postingUiMessages.scheduleNeedsVideo}>
            <Button size="sm" variant="outline" onClick={() => setDialog('schedule')} disabled={generating || !hasVideo}>
              <SendIcon />
              Schedule Video
            </Button>
          </Tip>
          {/* Translate: the finished video re-made in other languages. */}
          {/* Without an OpenAI key the button says so itself, before any language is chosen. */}
          <Tip
            label={
              needsKey
                ? languageMessages.translateNeedsKey
                : hasVideo
                  ? 'Re-make this video in other languages'
                  : 'Translate becomes available once the video is generated'
            }
          >
            <Button size="sm" variant="outline" onClick={() => setDialog('translate')} disabled={generating || !hasVideo || needsKey}>
              {needsKey ? translateNeedsKeyLabel : 'Translate'}
            </Button>
          </Tip>
          <CardActions script={script} generation={generation} busy={regenerating} onPlayVideo={playVideo} onPost={() => setDialog('schedule')} />
        </HStack>
      </Card.Footer>
      {dialog === 'edit' && (
        <EditScriptDialog
          open
          onClose={() => setDialog(null)}
          initialContent={script.scriptContent}
          initialVoiceId={script.voiceId ?? ''}
          language={script.language}
          onSave={saveContent}
        />
      )}
      {/* Delete Script: asks before deleting (section 2). */}
      <ConfirmDialog open={dialog === 'delete'} title="Delete Script" onClose={() => setDialog(null)} onConfirm={remove}>
        {`Delete “${script.title}”? This cannot be undone.`}
      </ConfirmDialog>
      {dialog === 'schedule' && (
        <PostVideoDialog script={script} onClose={() => setDialog(null)} onPosted={() => mutate(publicationsKey(script.id))} onRenderAgain={renderAgain} />
      )}
      {dialog === 'translate' && <TranslateDialog script={script} onClose={() => setDialog(null)} onTranslated={onChanged} />}
      {dialog === 'video' && <CardVideoPlayer script={script} onClose={() => setDialog(null)} />}
    </Card.Root>
  );
}
