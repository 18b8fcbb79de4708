import type { CreateScriptInput, Script, UpdateScriptInput } from '../../contract/scripts';
import { defaultLanguage } from '../../contract/languages';
import { mediaReset } from './lifecycle';

/** A new script record; its shape and the requests that make and change it are the contract's (contract/scripts.ts). */
export function newScript(
  input: Omit<CreateScriptInput, 'preferredFolderId'> & {
    preferredFolderId?: string | null;
    id: string;
    userId: string;
    now: Date;
    /** The script a translation was made from. */
    translatedFrom?: string | null;
  },
): Script {
  const now = input.now.toISOString();
  return {
    id: input.id,
    userId: input.userId,
    title: input.title,
    scriptContent: input.scriptContent,
    postCaption: input.postCaption?.trim() ? input.postCaption : null,
    isActive: input.isActive ?? true,
    referenceVideoUrl: input.referenceVideoUrl ?? null,
    prompt: input.prompt ?? null,
    audioUrl: null,
    audioDuration: null,
    usedMediaIds: null,
    videoUrl: null,
    videoMetadata: input.videoMetadata ?? null,
    thumbnailUrl: null,
    audioGenerationStatus: 'idle',
    videoGenerationStatus: 'idle',
    captionSettings: null,
    topic: input.topic ?? null,
    toneStyle: input.toneStyle ?? null,
    duration: input.duration ?? null,
    platform: input.platform ?? null,
    extraInstructions: input.extraInstructions ?? null,
    subjectCategory: input.subjectCategory ?? null,
    voiceId: input.voiceId ?? null,
    preferredFolderId: input.preferredFolderId ?? null,
    hookSuggestion: input.hookSuggestion ?? null,
    source: input.source ?? 'manual',
    videoGeneratedAt: null,
    videoWatermarked: null,
    audioGenerationError: null,
    videoGenerationError: null,
    videoProgress: null,
    language: input.language ?? defaultLanguage,
    translatedFrom: input.translatedFrom ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The changes a PATCH makes to a stored script. Changing the script content, the post caption or the
 * language resets both generation statuses and clears the audio and video (a voice-over in another
 * language is no longer this script's); a new video URL records when the video was made.
 */
export function scriptChanges(current: Script, patch: UpdateScriptInput, now: Date): Partial<Script> {
  const changes: Partial<Script> = { ...patch, updatedAt: now.toISOString() };
  if (patch.postCaption !== undefined) changes.postCaption = storedPostCaption(patch.postCaption);
  // A file set by hand: whether it carries the watermark is not known (posting falls back to the plan).
  if (patch.videoUrl && patch.videoUrl !== current.videoUrl) Object.assign(changes, { videoGeneratedAt: now.toISOString(), videoWatermarked: null });
  if (changesWords(current, patch)) Object.assign(changes, mediaReset);
  return changes;
}

/** A blank post caption is stored as none. */
function storedPostCaption(value: string | null): string | null {
  return value?.trim() ? value : null;
}

/** True when the PATCH changes the script content, the post caption or the language: the edits that reset audio and video. */
export function changesWords(current: Script, patch: UpdateScriptInput): boolean {
  return (
    (patch.scriptContent !== undefined && patch.scriptContent !== current.scriptContent) ||
    (patch.language !== undefined && patch.language !== current.language) ||
    (patch.postCaption !== undefined && storedPostCaption(patch.postCaption) !== current.postCaption)
  );
}
