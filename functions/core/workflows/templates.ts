import { workflowMessages, workflowPlanLimits } from '../../contract/rules/workflows';
import type { CreateTemplateInput, UpdateTemplateInput, VideoTemplate } from '../../contract/workflows';
import { ConflictError, LimitExceededError, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { MediaAssetRepository } from '../ports/media';
import type { Publisher } from '../ports/realtime';
import type { AutomationScheduleRepository, StoredVideoTemplate, VideoTemplateRepository } from '../ports/workflows';
import type { ReferenceCheck } from '../users/references';
import { chosenLanguage } from '../users/user-language';

export const maxListed = 200;

export const templateLimitMessage = (limit: number) => `Your plan allows ${limit} video template${limit === 1 ? '' : 's'}. Delete one or upgrade your plan.`;
export const templateInUseMessage = (names: readonly string[]) =>
  `This template is used by ${names.length === 1 ? 'the schedule' : 'the schedules'} ${names.map((name) => `"${name}"`).join(', ')}. Delete ${names.length === 1 ? 'it' : 'them'} or choose another template first.`;

export function toPublicTemplate(template: StoredVideoTemplate): VideoTemplate {
  const { userId: _owner, ...shown } = template;
  return shown;
}

/**
 * Video templates: CRUD under the owner's key, counted against the plan in the same write. What a template
 * points at must be the owner's: the voice (or a preset) and the folder through the reference check,
 * the assigned videos and the background audio through the media library.
 */
export class TemplateService {
  constructor(
    private readonly deps: {
      templates: VideoTemplateRepository;
      schedules: Pick<AutomationScheduleRepository, 'list'>;
      users: Pick<UserRepository, 'get'>;
      media: Pick<MediaAssetRepository, 'getAsset' | 'getAssets'>;
      references: ReferenceCheck;
      publisher: Publisher;
      clock?: () => Date;
    },
  ) {}

  private now(): string {
    return (this.deps.clock?.() ?? new Date()).toISOString();
  }

  async list(userId: string): Promise<VideoTemplate[]> {
    return (await this.deps.templates.list(userId, maxListed)).map(toPublicTemplate);
  }

  async get(userId: string, id: string): Promise<StoredVideoTemplate> {
    const template = await this.deps.templates.get(userId, id);
    if (!template) throw new NotFoundError(workflowMessages.templateNotFound);
    return template;
  }

  private async assertOwnedMedia(userId: string, fields: Pick<UpdateTemplateInput, 'voiceId' | 'mediaAssignments' | 'backgroundAudioId'>): Promise<void> {
    await this.deps.references.assertOwned(userId, [
      { field: 'voiceId', kind: 'voice', id: fields.voiceId },
      { field: 'mediaAssignments.folderId', kind: 'folder', id: fields.mediaAssignments?.folderId },
    ]);
    const assetIds = fields.mediaAssignments?.assetIds ?? [];
    if (assetIds.length > 0) {
      const found = new Set((await this.deps.media.getAssets(userId, assetIds)).filter((asset) => asset.kind === 'video').map((asset) => asset.id));
      const missing = assetIds.filter((id) => !found.has(id));
      if (missing.length > 0)
        throw new ValidationError(
          `mediaAssignments.assetIds: no video with id ${missing.join(', ')} in your media library`,
          missing.map((id) => ({ path: 'mediaAssignments.assetIds', message: id })),
        );
    }
    if (fields.backgroundAudioId) {
      const audio = await this.deps.media.getAsset(userId, fields.backgroundAudioId);
      if (!audio || audio.kind !== 'audio') throw new ValidationError(`backgroundAudioId: no audio with id ${fields.backgroundAudioId} in your media library`);
    }
  }

  async create(userId: string, input: CreateTemplateInput): Promise<VideoTemplate> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotFoundError('User not found');
    await this.assertOwnedMedia(userId, input);
    const now = this.now();
    // Saved without a language: the user's default (Settings), else English.
    const template: StoredVideoTemplate = {
      ...input,
      language: chosenLanguage(input.language, user.language),
      id: newId(),
      userId,
      createdAt: now,
      updatedAt: now,
    };
    // The plan's limit is checked and spent in the write itself, never counted first.
    const limit = workflowPlanLimits.templates[user.subscriptionTier];
    if (!(await this.deps.templates.create(template, limit))) throw new LimitExceededError(templateLimitMessage(limit), undefined, 'TEMPLATE_LIMIT');
    await this.announce(userId);
    return toPublicTemplate(template);
  }

  async update(userId: string, id: string, input: UpdateTemplateInput): Promise<VideoTemplate> {
    const current = await this.get(userId, id);
    // Only references that change are checked again (a folder deleted since does not block renaming).
    await this.assertOwnedMedia(userId, {
      voiceId: input.voiceId !== current.voiceId ? input.voiceId : undefined,
      mediaAssignments: input.mediaAssignments,
      backgroundAudioId: input.backgroundAudioId !== current.backgroundAudioId ? input.backgroundAudioId : undefined,
    });
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as UpdateTemplateInput;
    const next: StoredVideoTemplate = { ...current, ...defined, id: current.id, userId, createdAt: current.createdAt, updatedAt: this.now() };
    if (!(await this.deps.templates.replace(next))) throw new NotFoundError(workflowMessages.templateNotFound);
    await this.announce(userId);
    return toPublicTemplate(next);
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.get(userId, id);
    const users = (await this.deps.schedules.list(userId, maxListed)).filter((schedule) => schedule.templateId === id);
    if (users.length > 0) {
      throw new ConflictError(
        templateInUseMessage(users.map((schedule) => schedule.name)),
        users.map((schedule) => ({ id: schedule.id, name: schedule.name })),
        'TEMPLATE_IN_USE',
      );
    }
    if (!(await this.deps.templates.delete(userId, id))) throw new NotFoundError(workflowMessages.templateNotFound);
    await this.announce(userId);
  }

  private async announce(userId: string): Promise<void> {
    await this.deps.publisher.publish(userId, { type: 'workflows', userId }).catch(() => undefined);
  }
}
