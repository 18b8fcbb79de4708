import { ValidationError } from '../errors';
import type { MediaFolderRepository } from '../ports/media';
import type { VoiceRepository } from '../ports/voices';
import { presetVoices } from '../voices/voice';

/**
 * What a record may point at: a voice is a public preset or one of the caller's own voices,
 * a media folder one of the caller's own folders. One check for every path that stores such a
 * reference (PATCH /api/user `selectedVoice`, a script's `voiceId` and `preferredFolderId`, a
 * template's `voiceSelection`); anything else is a 400 naming the field.
 */
export type ReferenceKind = 'voice' | 'folder';

export interface Reference {
  /** The request's field, as the answer names it. */
  field: string;
  kind: ReferenceKind;
  /** Absent, null or blank: nothing is referenced, nothing to check. */
  id: string | null | undefined;
}

export const referenceMessages: Record<ReferenceKind, string> = {
  voice: 'Voice not found',
  folder: 'Folder not found',
};

export interface ReferenceLookups {
  voices: Pick<VoiceRepository, 'find'>;
  folders: Pick<MediaFolderRepository, 'getFolder'>;
}

const presetIds: ReadonlySet<string> = new Set(presetVoices.map((voice) => voice.id));

export class OwnedReferences {
  constructor(private readonly lookups: ReferenceLookups) {}

  private async owned(userId: string, kind: ReferenceKind, id: string): Promise<boolean> {
    if (kind === 'voice') return presetIds.has(id) || (await this.lookups.voices.find(userId, id)) !== undefined;
    return (await this.lookups.folders.getFolder(userId, id)) !== undefined;
  }

  /** Throws a ValidationError (400) naming every field whose reference is not the caller's (or a preset). */
  async assertOwned(userId: string, references: readonly Reference[]): Promise<void> {
    const problems: { path: string; message: string }[] = [];
    for (const reference of references) {
      const id = reference.id?.trim();
      if (!id || (await this.owned(userId, reference.kind, id))) continue;
      problems.push({ path: reference.field, message: `${reference.field}: ${referenceMessages[reference.kind]}` });
    }
    const [first] = problems;
    if (first) throw new ValidationError(first.message, problems);
  }
}

/** The part of OwnedReferences the services need (tests may pass their own). */
export type ReferenceCheck = Pick<OwnedReferences, 'assertOwned'>;
