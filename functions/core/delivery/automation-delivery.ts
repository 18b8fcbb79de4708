import { AppError, isShownToUser } from '../errors';
import type { AutomationDeliveries, AutomationRun, StoredSchedule } from '../ports/workflows';
import type { NoticeSenderDeps } from './delivery-mail';
import { automationFailedMail } from './mails';
import type { ShareLinkService } from './share-links';

export interface AutomationDeliveryDeps extends NoticeSenderDeps {
  shareLinks: Pick<ShareLinkService, 'scriptWithVideo' | 'create'>;
  /** The workflows' side: which run wrote a script, and recording how it ended. */
  automations: AutomationDeliveries;
}

/**
 * Delivery for automation runs: the finished video to the schedule's recipients, and a failed
 * run's notice to its owner, each once per run whatever the retries.
 */
export class AutomationDelivery {
  constructor(private readonly deps: AutomationDeliveryDeps) {}

  /**
   * The Deliver step of an automation run (functions/automation/deliver-run.ts): each of the schedule's
   * recipients gets the share link with the schedule's subject and body, once (a marker per run and
   * recipient, so a retried step mails nobody twice), through the daily allowance and the suppression
   * list; the run and its schedule then say completed, with the video and the link.
   */
  async deliverRun(userId: string, scriptId: string): Promise<{ mailed: number }> {
    const { automations, mail } = this.deps;
    const run = await automations.runOfScript(userId, scriptId);
    if (!run || run.status !== 'running') return { mailed: 0 };
    const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const user = await mail.user(userId);
    let shareUrl: string | null = null;
    let mailed = 0;
    const refused: string[] = [];
    for (const to of run.recipients) {
      if (!(await this.deps.once.claim(userId, `automation#${run.runId}#${to}`, 30))) continue;
      try {
        shareUrl = await mail.mailVideo(user, scriptId, to, run.emailBody, run.emailSubject);
        mailed += 1;
      } catch (error) {
        this.deps.log.warn('automation mail not sent', { userId, scheduleId: run.scheduleId, error: String(error) });
        refused.push(`${to}: ${error instanceof AppError && isShownToUser(error.name) ? error.message : 'the email could not be sent'}`);
      }
    }
    shareUrl ??= await this.deps.shareLinks
      .create(userId, scriptId)
      .then((link) => link.url)
      .catch(() => null);
    await automations.finished(run, {
      status: 'completed',
      videoUrl: script.videoUrl,
      shareUrl,
      error: refused.length > 0 ? `Not mailed to ${refused.join('; ')}` : null,
    });
    return { mailed };
  }

  /** The pipeline gave up on a script's video (MarkFailed's notice): if an automation run wrote the script, the run failed. */
  async videoFailed(userId: string, scriptId: string, reason: string): Promise<void> {
    const run = await this.deps.automations.runOfScript(userId, scriptId);
    if (run) await this.runFailed(run, reason);
  }

  /**
   * An automation run failed (the pipeline's notice, or the state machine's RecordFailure step, whichever
   * comes first): the run and its schedule say failed with the reason and, for a scheduled run, the owner
   * is mailed; once per run, whatever the retries.
   */
  async runFailed(run: AutomationRun, reason: string): Promise<void> {
    const { automations } = this.deps;
    // A completed run (its video made and delivered) still fails when its posts do.
    if (run.status === 'failed') return;
    if (!(await this.deps.once.claim(run.userId, `automation-failed#${run.runId}`, 30))) return;
    await automations.finished(run, { status: 'failed', error: reason });
    if (run.test) return;
    const name = (await automations.scheduleNameOf(run.userId, run.scheduleId)) ?? 'Your automation';
    await this.mailOwner(run.userId, { name }, reason).catch((error: unknown) =>
      this.deps.log.warn('automation failure mail not sent', { userId: run.userId, error: String(error) }),
    );
  }

  /** A scheduled automation run failed: its owner is told why (automation email, else the account's). */
  private async mailOwner(userId: string, schedule: Pick<StoredSchedule, 'name'>, reason: string): Promise<void> {
    const { mail } = this.deps;
    const [user, settings] = await Promise.all([mail.user(userId), mail.current(userId)]);
    const origin = await this.deps.appOrigin();
    await mail.send(
      user,
      await automationFailedMail({
        to: mail.recipient(settings, user),
        scheduleName: schedule.name,
        reason,
        workflowsUrl: `${origin}/templates`,
        settingsUrl: await mail.settingsUrl(),
      }),
    );
  }
}
