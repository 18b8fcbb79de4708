import { Box, Button, Grid, useBreakpointValue } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { mutate } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { apiPatch } from '@/lib/api-client';
import { USER_KEY, useUser } from '@/lib/auth';
import { applyCaptionLook, firstCaptionLook, isCaptionLookName, type CaptionLookChoice } from '@contract/rules/caption-looks';
import type { Script } from '@contract/scripts';
import type { PublicAsset } from '@contract/media';
import { generatedBackgroundNotice } from '@contract/rules/generated-backgrounds';

import { useFolders } from '@/lib/folders';
import { PRELOAD_THUMBNAILS, useAudioAssets, useMediaPrefetch } from '../../api/media';
import { thumbnailSrc } from '@/lib/thumbnails';
import { captionSettingsFrom, type CaptionSettings } from '../../lib/caption-settings';
import {
  applyQueue,
  clipOrigins,
  initialSegments,
  isPickable,
  moveCut,
  parseVoiceWords,
  setFocus,
  setInPoint,
  wordsUrlOf,
  parseRecentUsage,
  recentUsageKey,
  recordUsage,
  replaceSegmentMedia,
  videoMetadataOf,
  type Segment,
  type VideoMetadata,
  type VoiceTimings,
} from '../../lib/segments';
import { CaptionControls } from './caption-controls';
import { ExactCaptionPreview, LineCaptionPreview } from './exact-caption-preview';
import { MediaPickerDialog, type PickerTarget } from './media-picker-dialog';
import { SwitchScenes } from './switch-scenes';
import { VideoPreview } from './video-preview';
import { AppDialog } from '@/components/ui/app-dialog';
import { DialogActions } from '@/components/ui/dialog-actions';

function readUsage(userId: string | undefined): Record<string, number> {
  if (!userId) return {};
  try {
    return parseRecentUsage(window.localStorage.getItem(recentUsageKey(userId)), Date.now());
  } catch {
    return {};
  }
}

function rememberUsage(userId: string | undefined, segments: readonly Segment[]): void {
  if (!userId) return;
  try {
    const next = recordUsage(
      readUsage(userId),
      segments.map((segment) => segment.mediaAssetId),
      Date.now(),
    );
    window.localStorage.setItem(recentUsageKey(userId), JSON.stringify(next));
  } catch {
    // a full or blocked storage only loses the hint
  }
}

/** The voice-over's word timings (undefined while loading; null without a voice-over or when they cannot be read). */
function useVoiceTimings(audioUrl: string | null | undefined, audioDuration: number | null | undefined): VoiceTimings | null | undefined {
  const url = wordsUrlOf(audioUrl);
  const [voice, setVoice] = useState<{ url: string; timings: VoiceTimings | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    fetch(url, { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? parseVoiceWords(await response.json(), audioDuration) : null))
      .catch(() => null)
      .then((timings) => live && setVoice({ url, timings }));
    return () => {
      live = false;
    };
  }, [url, audioDuration]);
  if (!url) return null;
  return voice?.url === url ? voice.timings : undefined;
}

/** Whether the script has caption settings of its own (saved by an earlier Create Video or a PATCH). */
function hasSavedCaptions(saved: unknown): boolean {
  if (saved === null || saved === undefined || saved === '') return false;
  return typeof saved !== 'object' || Object.keys(saved).length > 0;
}

/** The look chosen last is the user's: remembered on the account, so it follows them to another device. */
async function rememberLook(look: CaptionLookChoice | null, current: string | null | undefined): Promise<void> {
  if (!isCaptionLookName(look) || look === current) return;
  try {
    await apiPatch('/api/user', { captionLook: look });
    await mutate(USER_KEY);
  } catch {
    // only the hint for the next video is lost
  }
}

/**
 * Video Generation Settings: caption settings on the left, Switch Scenes on the right;
 * Generate video saves the settings with status generating and starts the render.
 */
export default function VideoSettingsDialog({
  script,
  onClose,
  onGenerate,
}: {
  script: Script;
  onClose: () => void;
  onGenerate: (settings: CaptionSettings, metadata: VideoMetadata) => Promise<boolean>;
}) {
  const { data: user } = useUser();
  const audio = useAudioAssets();
  const library = useMediaPrefetch();
  const { folders } = useFolders();
  const [settings, setSettings] = useState<CaptionSettings>(() => captionSettingsFrom(script.captionSettings));
  const [segments, setSegments] = useState<Segment[] | null>(null);
  const [folderId, setFolderId] = useState(script.preferredFolderId ?? '');
  const [bulk, setBulk] = useState<{ on: boolean; selected: Set<number> }>({ on: false, selected: new Set() });
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const recentUse = useMemo(() => readUsage(user?.id), [user?.id]);
  const pool = useMemo(() => (library.data?.items ?? []).filter(isPickable), [library.data]);
  const voice = useVoiceTimings(script.audioUrl, script.audioDuration);
  // The caption line the preview shows, by a voice-over word index: the one whose emoji was chosen last (the first line until then).
  const [previewWord, setPreviewWord] = useState<number | undefined>(undefined);

  // Segments on open (once the library and the voice-over's timings are known): the saved shots, those
  // without a clip of the creator's own planned again against the library now; else the script planned as shots.
  const [replanned, setReplanned] = useState(false);
  const planWith = (scope: 'unowned' | 'all') =>
    initialSegments(
      { scriptContent: script.scriptContent, videoMetadata: script.videoMetadata ?? null, language: script.language },
      pool,
      { now: Date.now(), preferredFolderId: script.preferredFolderId ?? null, recentUse },
      voice ?? null,
      clipOrigins(library.data?.items ?? []),
      scope,
    );
  useEffect(() => {
    if (segments !== null) return;
    if ((!library.data && !library.error) || voice === undefined) return;
    const planned = planWith('unowned');
    const saved = script.videoMetadata?.segments ?? [];
    setReplanned(
      saved.length > 0 && JSON.stringify(planned.map((s) => [s.text, s.mediaAssetId])) !== JSON.stringify(saved.map((s) => [s.text, s.mediaAssetId ?? null])),
    );
    setSegments(planned);
  }, [segments, script, library.data, library.error, pool, recentUse, voice]);

  /** Re-plan shots: every shot planned again from the library now (the creator's picks too). */
  function replanAll() {
    setSegments(planWith('all'));
    setBulk({ on: false, selected: new Set() });
    setReplanned(false);
    showToast({ type: 'success', title: 'Shots re-planned' });
  }

  const mediaById = useMemo(() => new Map(pool.map((item) => [item.id, item])), [pool]);

  // Preload the first thumbnails the picker will show (up to 24).
  useEffect(() => {
    for (const item of pool.slice(0, PRELOAD_THUMBNAILS)) {
      const src = thumbnailSrc(item.thumbnailUrl);
      if (src) new Image().src = src;
    }
  }, [pool]);

  const usedIds = useMemo(() => new Set([...(segments ?? []).map((segment) => segment.mediaAssetId ?? ''), ...Object.keys(recentUse)]), [segments, recentUse]);

  // A script without settings of its own starts from the creator's last look, once the user is known (a
  // creator who never chose one starts from the first look the thumbnails show, Pop).
  const lookApplied = useRef(hasSavedCaptions(script.captionSettings));
  useEffect(() => {
    if (lookApplied.current || user === undefined) return;
    lookApplied.current = true;
    const look = user ? (user.captionLook ?? firstCaptionLook) : undefined;
    if (look) setSettings((current) => applyCaptionLook(current, look));
  }, [user]);

  // Changing the style leaves a look's animation for the creator's own settings; any other change keeps the look.
  const update = <K extends keyof CaptionSettings>(field: K, value: CaptionSettings[K]) => {
    lookApplied.current = true;
    setSettings((current) => ({ ...current, [field]: value, ...(field === 'style' && isCaptionLookName(current.look) ? { look: 'custom' as const } : {}) }));
  };

  function chooseLook(look: CaptionLookChoice) {
    lookApplied.current = true;
    setSettings((current) => (isCaptionLookName(look) ? applyCaptionLook(current, look) : { ...current, look }));
  }

  function toggleSegment(index: number) {
    setBulk((current) => {
      const selected = new Set(current.selected);
      if (selected.has(index)) selected.delete(index);
      else selected.add(index);
      return { ...current, selected };
    });
  }

  function replaceSelected() {
    if (bulk.selected.size === 0) {
      showToast({ type: 'warning', title: 'No segments selected', description: 'Please select at least one segment to replace' });
      return;
    }
    setPicker({ mode: 'bulk', count: bulk.selected.size });
  }

  function pick(index: number, media: PublicAsset) {
    setSegments((current) => (current ? replaceSegmentMedia(current, index, media) : current));
    setPicker(null);
    showToast({ type: 'success', title: 'Segment updated' });
  }

  function applyBulk(queue: PublicAsset[]) {
    setSegments((current) => (current ? applyQueue(current, bulk.selected, queue) : current));
    setPicker(null);
    setBulk({ on: false, selected: new Set() });
    showToast({ type: 'success', title: 'Sequential replacement complete' });
  }

  async function generate() {
    if (!segments) return;
    setBusy(true);
    try {
      if (await onGenerate(settings, videoMetadataOf(segments))) {
        rememberUsage(user?.id, segments);
        void rememberLook(settings.look, user?.captionLook);
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  // The preview stands beside the controls from md up; on a phone there is no room beside them, and
  // nothing is mounted (libass and its 2 MB of wasm load only where the preview shows).
  const showPreview = useBreakpointValue({ base: false, md: true }) ?? false;
  const firstClip = segments?.find((segment) => segment.thumbnailUrl);
  const hasVoiceOver = Boolean(script.audioUrl && script.audioDuration);
  const linePreview = {
    settings,
    backgroundSrc: thumbnailSrc(firstClip?.thumbnailUrl),
    language: script.language,
    scriptContent: script.scriptContent,
    voice: voice?.words ?? null,
    focusWord: previewWord,
  };

  // Sentences without a clip are not refused: they get generated backgrounds, and the dialog says which and why.
  const generatedNote = library.data !== undefined && segments ? generatedBackgroundNotice(segments, pool.length === 0 ? 'no-videos' : 'no-clip') : null;

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      title="Video Generation Settings"
      size="xl"
      scrollBehavior="inside"
      maxW="min(72rem, 96vw)"
      footer={
        <DialogActions onCancel={onClose} cancelDisabled={busy}>
          <Button colorPalette="brand" onClick={() => void generate()} loading={busy} disabled={!segments || segments.length === 0}>
            Generate video
          </Button>
        </DialogActions>
      }
      nested={
        picker && (
          <MediaPickerDialog
            target={picker}
            folderId={folderId}
            preferredFolderId={script.preferredFolderId ?? null}
            usedIds={usedIds}
            onPick={pick}
            onApply={applyBulk}
            onClose={() => setPicker(null)}
          />
        )
      }
    >
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(28rem, 34rem) 1fr' }} gap="6" alignItems="start">
        {/* The preview beside the controls, sticky while the body scrolls: it stays in view as they change. */}
        <Grid templateColumns={{ base: '1fr', md: '1fr 11rem' }} gap="4" alignItems="start">
          <CaptionControls
            settings={settings}
            update={update}
            onLook={chooseLook}
            onPreset={(preset) => {
              lookApplied.current = true;
              setSettings((current) => ({ ...current, ...preset }));
            }}
            audio={audio.data ?? []}
            scriptContent={script.scriptContent}
            voice={voice?.words ?? null}
            language={script.language}
            onPreviewLine={setPreviewWord}
          />
          {/* The real cut: a proxy render played in the frame; the caption sample until then (libass only from md up). */}
          {(showPreview || hasVoiceOver) && (
            <Box position={{ md: 'sticky' }} top="0" zIndex="1" gridRow={{ md: '1' }} gridColumn={{ md: '2' }}>
              <VideoPreview
                scriptId={script.id}
                hasVoiceOver={hasVoiceOver}
                settings={settings}
                metadata={segments && segments.length > 0 ? videoMetadataOf(segments) : null}
                fallback={showPreview ? <ExactCaptionPreview {...linePreview} /> : <LineCaptionPreview {...linePreview} />}
              />
            </Box>
          )}
        </Grid>
        <SwitchScenes
          segments={segments}
          folders={folders}
          folderId={folderId}
          onFolderChange={setFolderId}
          bulk={bulk}
          onBulkChange={(on) => setBulk({ on, selected: new Set() })}
          onToggleSegment={toggleSegment}
          onReplace={(index) => setPicker({ mode: 'single', index })}
          onReplaceSelected={replaceSelected}
          note={generatedNote ?? undefined}
          replanNote={replanned ? 'Shots without a clip of your own were planned again with your library’s clips.' : undefined}
          onReplan={segments && pool.length > 0 ? replanAll : undefined}
          voice={voice ?? null}
          language={script.language}
          onMoveCut={(index, direction) =>
            setSegments((current) => (current ? moveCut(current, index, direction, (id) => mediaById.get(id), script.language) : current))
          }
          onInPoint={(index, seconds) =>
            setSegments((current) => (current ? setInPoint(current, index, seconds, mediaById.get(current[index]?.mediaAssetId ?? '')?.duration) : current))
          }
          clipOf={(id) => mediaById.get(id)}
          onFocus={(index, axis, focus) => setSegments((current) => (current ? setFocus(current, index, axis, focus) : current))}
        />
      </Grid>
    </AppDialog>
  );
}
