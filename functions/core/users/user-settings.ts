import type { UserRepository } from '../ports/accounts';
import type { ReferenceCheck } from './references';
import type { User } from './user';

/** What PATCH /api/user may change (contract/accounts.ts `updateUserSchema`). */
export interface UserSettingsPatch {
  selectedVoice?: string | null;
  /** 0.8 to 1.3 (contract/voices.ts `voiceSpeedSchema`). */
  voiceSpeed?: number;
  name?: string | null;
  captionLook?: User['captionLook'];
  captionPresets?: User['captionPresets'];
  /** The default language of new scripts, templates and schedules. */
  language?: User['language'];
}

/** PATCH /api/user: the selected voice must be a preset or one of the user's own voices (400 otherwise). */
export class UserSettingsService {
  constructor(
    private readonly users: Pick<UserRepository, 'update'>,
    private readonly references: ReferenceCheck,
  ) {}

  async update(userId: string, patch: UserSettingsPatch): Promise<User> {
    await this.references.assertOwned(userId, [{ field: 'selectedVoice', kind: 'voice', id: patch.selectedVoice }]);
    return this.users.update(userId, patch);
  }
}
