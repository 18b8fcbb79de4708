import { OwnedReferences } from '../../../core/users/references';
import { DynamoMediaFolderRepository } from './media-folders';
import type { TableRef } from './table';
import { DynamoVoiceRepository } from './voice-repository';

/** The reference check (core/users/references.ts) over the table: voices and media folders. */
export function ownedReferencesOf(table: TableRef): OwnedReferences {
  return new OwnedReferences({ voices: new DynamoVoiceRepository(table), folders: new DynamoMediaFolderRepository(table) });
}
