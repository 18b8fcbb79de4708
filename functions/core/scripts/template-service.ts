import { ConflictError, NotFoundError } from '../errors';
import { newId } from '../ids';
import type { ScriptTemplateRepository } from '../ports/scripts';
import type { ReferenceCheck } from '../users/references';
import { chosenLanguage, type UserLanguage } from '../users/user-language';
import type { CreateScriptTemplateInput, ScriptTemplate } from '../../contract/generation';
import { maxTemplatesPerUser } from './template';

export const templateNotFound = 'Template not found';

/** Save, list and delete the generator's templates. */
export class ScriptTemplateService {
  constructor(
    private readonly templates: ScriptTemplateRepository,
    /** The template's voice must be a preset or one of the user's own. */
    private readonly references: ReferenceCheck,
    private readonly clock: () => number = Date.now,
    /** The user's default language (Settings), for a template saved without one; absent: English. */
    private readonly userLanguage?: UserLanguage,
  ) {}

  list(userId: string): Promise<ScriptTemplate[]> {
    return this.templates.list(userId, maxTemplatesPerUser);
  }

  async create(userId: string, input: CreateScriptTemplateInput): Promise<ScriptTemplate> {
    await this.references.assertOwned(userId, [{ field: 'voiceSelection', kind: 'voice', id: input.voiceSelection }]);
    const language = input.language ?? chosenLanguage(await this.userLanguage?.(userId));
    const template: ScriptTemplate = { id: newId(), userId, createdAt: new Date(this.clock()).toISOString(), ...input, language };
    // Checked and spent in the write.
    if (!(await this.templates.create(template, maxTemplatesPerUser))) {
      throw new ConflictError(`You can keep up to ${maxTemplatesPerUser} templates. Delete one to save another.`);
    }
    return template;
  }

  async delete(userId: string, templateId: string): Promise<void> {
    if (!(await this.templates.delete(userId, templateId))) throw new NotFoundError(templateNotFound);
  }
}
