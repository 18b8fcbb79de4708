import type { WebhookPayload } from '../../contract/delivery';
import type { DeliverySettingsRepository } from '../ports/delivery';
import type { User } from '../users/user';
import type { NoticeSenderDeps } from './delivery-mail';
import { audioMail } from './mails';
import type { ShareLinkService } from './share-links';

/** What the webhook engine offers delivery (core/delivery/webhooks.ts). */
export interface WebhookDispatch {
  dispatch(userId: string, type: 'video.completed' | 'audio.completed', data: DeliveryEventData): Promise<string | undefined>;
}

/** What a completion's webhook says: the payload's `data`. */
export type DeliveryEventData = WebhookPayload['data'];

export interface CompletionDeliveryDeps extends NoticeSenderDeps {
  settings: Pick<DeliverySettingsRepository, 'get'>;
  shareLinks: Pick<ShareLinkService, 'scriptWithVideo' | 'scriptOf' | 'create'>;
  webhooks: WebhookDispatch;
}

/**
 * A video or a voice-over completed: the user's switches decide the mail and the webhook. The
 * notice is claimed by a once-marker named after the result, so a retried completion sends nothing more.
 */
export class CompletionDelivery {
  constructor(private readonly deps: CompletionDeliveryDeps) {}

  async completed(userId: string, kind: 'video' | 'audio', scriptId: string, fileUrl: string): Promise<void> {
    const { mail } = this.deps;
    const settings = await this.deps.settings.get(userId);
    if (!settings) return;
    const wantsMail = settings.enableEmailAutomation && (kind === 'video' ? settings.enableVideoEmail : settings.enableAudioEmail);
    const wantsHook = settings.webhookUrl !== null && (kind === 'video' ? settings.enableVideoWebhook : settings.enableAudioWebhook);
    if (!wantsMail && !wantsHook) return;
    if (!(await this.deps.once.claim(userId, `${kind}#${fileUrl}`, 30))) return;
    const user = await mail.user(userId);
    let shareUrl: string | null = null;
    if (wantsMail) {
      try {
        const to = mail.recipient(settings, user);
        if (kind === 'video') shareUrl = await mail.mailVideo(user, scriptId, to, 'Your new video is ready to watch, download and post.');
        else await this.mailAudio(user, scriptId, to);
      } catch (error) {
        this.deps.log.warn('completion email not sent', { userId, kind, error: String(error) });
      }
    }
    if (wantsHook) {
      const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId).catch(() => undefined);
      if (kind === 'video' && shareUrl === null && script) shareUrl = (await this.deps.shareLinks.create(userId, scriptId)).url;
      const source = script ?? (await this.deps.shareLinks.scriptOf(userId, scriptId));
      // The mail (if any) is out and the once-marker written: a failed enqueue is logged, not thrown, so a
      // retried notice cannot mail again and the webhook's loss is visible in the logs.
      await this.deps.webhooks
        .dispatch(userId, kind === 'video' ? 'video.completed' : 'audio.completed', {
          scriptId,
          title: source?.title ?? '',
          durationSeconds: kind === 'video' ? (script?.videoMetadata?.totalDuration ?? null) : (source?.audioDuration ?? null),
          shareUrl: kind === 'video' ? shareUrl : null,
          postCaption: source?.postCaption ?? '',
          kind,
        })
        .catch((error: unknown) => this.deps.log.warn('completion webhook not queued', { userId, kind, error: String(error) }));
    }
  }

  private async mailAudio(user: User, scriptId: string, to: string): Promise<void> {
    const { mail } = this.deps;
    const script = await this.deps.shareLinks.scriptOf(user.id, scriptId);
    if (!script) return;
    await mail.send(
      user,
      await audioMail({
        to,
        title: script.title,
        durationSeconds: script.audioDuration,
        scriptsUrl: `${await this.deps.appOrigin()}/scripts`,
        settingsUrl: await mail.settingsUrl(),
      }),
    );
    await mail.markTriggered(user.id);
  }
}
