import type { CaptionSettings } from '../../contract/caption-settings';
import type { GenerateScriptsInput, GenerationResult } from '../../contract/generation';
import { captionRanges } from '../../contract/rules/captions';
import { emptySegments } from '../../contract/rules/segments';
import type { CreateScriptInput, Script } from '../../contract/scripts';
import type { GenerateVideoInput, GenerateVideoResult } from '../../contract/video';
import type { AutomationLastRun, VideoTemplate } from '../../contract/workflows';
import { AppError, isShownToUser } from '../errors';
import { newId } from '../ids';
import type { Publisher } from '../ports/realtime';
import type { AutomationRun, AutomationRunStore, AutomationScheduleRepository, StoredSchedule, VideoTemplateRepository } from '../ports/workflows';
import { isRunDay, nextRunAfter } from './next-run';

export const templateGoneMessage = 'The template of this schedule was deleted. Choose another template.';
export const genericRunFailure = 'The automation run failed. It will run again at the next scheduled time.';

/** The template's caption settings as a script's (contract/caption-settings.ts): the template's wider sliders are held to the script's ranges. */
export function scriptCaptionsOf(template: Pick<VideoTemplate, 'captionSettings' | 'backgroundAudioId' | 'backgroundAudioVolume'>): CaptionSettings {
  const c = template.captionSettings;
  return {
    line_color: c.lineColor,
    word_color: c.wordColor,
    font_size: Math.min(c.fontSize, captionRanges.font_size.max),
    max_words_per_line: Math.min(c.maxWordsPerLine, captionRanges.max_words_per_line.max),
    bold: c.bold,
    italic: c.italic,
    underline: c.underline,
    strikeout: false,
    outline_width: Math.min(c.outlineWidth, captionRanges.outline_width.max),
    shadow_offset: Math.min(c.shadowOffset, captionRanges.shadow_offset.max),
    style: c.style,
    font_family: c.fontFamily,
    position: c.position,
    all_caps: c.allCaps,
    enabled: c.enabled,
    background_audio_id: template.backgroundAudioId,
    background_audio_volume: template.backgroundAudioVolume,
  };
}

/** Segments of the script with the template's chosen videos, in order (cycling); none chosen: the planner's scoring picks. */
export function assignedSegments(scriptContent: string, assetIds: readonly string[]): NonNullable<GenerateVideoInput['videoMetadata']>['segments'] | undefined {
  if (assetIds.length === 0) return undefined;
  return emptySegments(scriptContent).map((segment, i) => ({ ...segment, mediaAssetId: assetIds[i % assetIds.length] ?? null }));
}

/** The minute of a firing: the run's period (`2026-05-10T09:00Z`). */
export function periodOf(at: Date): string {
  return `${at.toISOString().slice(0, 16)}Z`;
}

export type RunOutcome =
  | { outcome: 'started'; run: AutomationRun }
  | { outcome: 'failed'; run: AutomationRun; error: unknown }
  | { outcome: 'duplicate' | 'inactive' | 'not-a-run-day' | 'gone' };

export interface AutomationRunnerDeps {
  schedules: AutomationScheduleRepository;
  templates: Pick<VideoTemplateRepository, 'get'>;
  runs: AutomationRunStore;
  /** The script writer through the plan's tokens (GenerationService.generate). */
  write: (userId: string, input: GenerateScriptsInput) => Promise<GenerationResult>;
  /** Saves the owner's script (ScriptService.create). */
  saveScript: (userId: string, input: CreateScriptInput) => Promise<Script>;
  /** Starts the video pipeline for it (VideoRequestService.generate: video minutes, segments, the run's claim). */
  startVideo: (userId: string, scriptId: string, input: GenerateVideoInput) => Promise<GenerateVideoResult>;
  /** Tells the owner a scheduled run failed (a mail through delivery's rules); never for a test. */
  notifyFailure?: (userId: string, schedule: StoredSchedule, reason: string) => Promise<void>;
  publisher: Publisher;
  clock: () => Date;
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
}

/**
 * One run of an automation schedule (issue 13): claims (schedule, period) once, writes the script
 * (the template's fixed words, else the writer, charged to the owner's plan), saves it as the owner's
 * script, and starts the existing video pipeline with the template's voice, captions, music and media.
 * The video's completion notice delivers it (DeliveryService → `AutomationRunStore.runOfScript`).
 * A run that fails says why on the schedule (and in a mail to the owner) and never blocks the next:
 * `nextRunAt` moves on at the start of every run.
 */
export class AutomationRunner {
  constructor(private readonly deps: AutomationRunnerDeps) {}

  /** A firing of the scheduler: `scheduledAt` is the firing's own time (absent: now). */
  async fire(userId: string, scheduleId: string, scheduledAt: Date | undefined): Promise<RunOutcome> {
    const now = this.deps.clock();
    const at = scheduledAt && !Number.isNaN(scheduledAt.getTime()) ? scheduledAt : now;
    const schedule = await this.deps.schedules.get(userId, scheduleId);
    if (!schedule) return { outcome: 'gone' };
    if (!schedule.isActive) return { outcome: 'inactive' };
    if (!isRunDay(schedule, at)) return { outcome: 'not-a-run-day' };
    return this.run(schedule, periodOf(at), false);
  }

  /** Test Workflow: the same chain now, under a period of its own (the scheduled period is left alone). */
  async test(schedule: StoredSchedule): Promise<RunOutcome> {
    return this.run(schedule, `TEST-${newId()}`, true);
  }

  private async run(schedule: StoredSchedule, period: string, test: boolean): Promise<RunOutcome> {
    const { userId } = schedule;
    const now = this.deps.clock();
    const run: AutomationRun = {
      userId,
      scheduleId: schedule.id,
      period,
      runId: newId(),
      test,
      status: 'running',
      startedAt: now.toISOString(),
      finishedAt: null,
      scriptId: null,
      scriptTitle: null,
      videoUrl: null,
      shareUrl: null,
      error: null,
      recipients: schedule.emailRecipients,
      emailSubject: schedule.emailSubject,
      emailBody: schedule.emailBody,
    };
    if (!(await this.deps.runs.claim(run))) return { outcome: 'duplicate' };
    const nextRunAt = !test && schedule.isActive ? nextRunAfter(schedule, now).toISOString() : undefined;
    await this.record(run, { lastRunAt: run.startedAt, ...(nextRunAt ? { nextRunAt } : {}) });

    try {
      const template = await this.deps.templates.get(userId, schedule.templateId);
      if (!template) throw new RunFailure(templateGoneMessage);
      const written = await this.words(userId, template);
      const script = await this.deps.saveScript(userId, {
        title: written.title,
        scriptContent: written.content,
        postCaption: written.postCaption,
        isActive: true,
        referenceVideoUrl: null,
        prompt: template.prompt,
        platform: null,
        duration: template.duration,
        topic: template.topic,
        toneStyle: null,
        extraInstructions: template.prompt,
        subjectCategory: template.subjectCategory,
        voiceId: template.voiceId,
        preferredFolderId: template.mediaAssignments.folderId,
        hookSuggestion: written.hookSuggestion,
        source: written.source,
        videoMetadata: null,
      });
      run.scriptId = script.id;
      run.scriptTitle = script.title;
      await this.deps.runs.linkScript(userId, script.id, { scheduleId: schedule.id, period });
      await this.deps.runs.update(userId, schedule.id, period, { scriptId: script.id, scriptTitle: script.title });
      const segments = assignedSegments(script.scriptContent, template.mediaAssignments.assetIds);
      await this.deps.startVideo(userId, script.id, { captionSettings: scriptCaptionsOf(template), videoMetadata: segments ? { segments } : null });
      await this.record(run, {});
      this.deps.log.info('automation run started', { userId, scheduleId: schedule.id, period, scriptId: script.id });
      return { outcome: 'started', run };
    } catch (error) {
      const reason = error instanceof RunFailure || (error instanceof AppError && isShownToUser(error.name)) ? error.message : genericRunFailure;
      this.deps.log.warn('automation run failed', { userId, scheduleId: schedule.id, period, error: String(error) });
      run.status = 'failed';
      run.error = reason;
      run.finishedAt = this.deps.clock().toISOString();
      await this.deps.runs.update(userId, schedule.id, period, { status: 'failed', error: reason, finishedAt: run.finishedAt }).catch(() => undefined);
      await this.record(run, {}).catch(() => undefined);
      if (!test && this.deps.notifyFailure) {
        await this.deps.notifyFailure(userId, schedule, reason).catch((mailError: unknown) => this.deps.log.warn('automation failure mail not sent', { userId, error: String(mailError) }));
      }
      return { outcome: 'failed', run, error };
    }
  }

  private async words(userId: string, template: VideoTemplate): Promise<{ title: string; content: string; postCaption: string | null; hookSuggestion: string | null; source: 'openai' | 'offline' | undefined }> {
    if (template.scriptContent) return { title: template.name, content: template.scriptContent, postCaption: null, hookSuggestion: null, source: undefined };
    const instructions = template.prompt && template.prompt.length >= 3 ? template.prompt : `A short video about ${template.topic}`;
    const { scripts } = await this.deps.write(userId, {
      topic: template.topic,
      platform: undefined,
      toneStyle: undefined,
      duration: template.duration,
      scriptCount: 1,
      extraInstructions: instructions,
      subjectCategory: template.subjectCategory,
      preferredFolderId: template.mediaAssignments.folderId,
      voiceId: template.voiceId,
    });
    const [script] = scripts;
    if (!script) throw new RunFailure(genericRunFailure);
    return { title: script.title.slice(0, 200), content: script.content, postCaption: script.postCaption || null, hookSuggestion: script.hookSuggestion || null, source: script.source };
  }

  private async record(run: AutomationRun, fields: { lastRunAt?: string; nextRunAt?: string }): Promise<void> {
    await this.deps.schedules.recordRun(run.userId, run.scheduleId, { lastRun: lastRunOf(run), ...fields });
    await this.deps.publisher.publish(run.userId, { type: 'workflows', userId: run.userId, scheduleId: run.scheduleId }).catch(() => undefined);
  }
}

/** A failure whose message is for the user. */
class RunFailure extends Error {}

export function lastRunOf(run: AutomationRun): AutomationLastRun {
  return {
    at: run.startedAt,
    status: run.status,
    scriptId: run.scriptId,
    scriptTitle: run.scriptTitle,
    ...(run.videoUrl ? { videoUrl: run.videoUrl } : {}),
    ...(run.shareUrl ? { shareUrl: run.shareUrl } : {}),
    ...(run.error ? { error: run.error } : {}),
    test: run.test,
  };
}
