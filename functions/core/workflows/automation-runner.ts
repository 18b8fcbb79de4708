import type { CaptionSettings } from '../../contract/caption-settings';
import type { GenerateScriptsInput, GenerationResult } from '../../contract/generation';
import type { LanguageCode } from '../../contract/languages';
import { captionDefaults, captionRanges } from '../../contract/rules/captions';
import type { CreateScriptInput, Script } from '../../contract/scripts';
import type { GenerateVideoInput } from '../../contract/video';
import type { AutomationLastRun, VideoTemplate } from '../../contract/workflows';
import { isShownToUser, NotFoundError } from '../errors';
import { failureMessage } from '../video/run';
import { newId } from '../ids';
import type { Publisher } from '../ports/realtime';
import type { PipelineInput, PreparedVideo } from '../video/video-request-service';
import type { AutomationRun, AutomationRunStore, AutomationScheduleRepository, StoredSchedule, VideoTemplateRepository } from '../ports/workflows';
import { isRunDay, nextRunAfter } from './next-run';
import type { Log } from '../ports/log';

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
    motion: c.motion,
    transition: c.transition,
    emoji: captionDefaults.emoji,
    // The template's look, else its own settings drawn by its style, with keyword emphasis.
    look: c.look ?? 'custom',
    emphasis: {},
    background_audio_id: template.backgroundAudioId,
    background_audio_volume: template.backgroundAudioVolume,
  };
}

/** The minute of a firing: the run's period (`2026-05-10T09:00Z`). */
export function periodOf(at: Date): string {
  return `${at.toISOString().slice(0, 16)}Z`;
}

/** An automation execution's name: the schedule and its period (Step Functions allows 80 of `[A-Za-z0-9_-]`). */
export function executionNameOf(scheduleId: string, period: string): string {
  return `${scheduleId}--${period.replace(/[^\w-]/g, '-')}`.slice(0, 80);
}

/** What the automation state machine is started with (functions/automation/state-machine.asl.json). */
export interface AutomationRunInput {
  userId: string;
  scheduleId: string;
  period: string;
  test: boolean;
  /** Ties every log line of the run and of its video to one id: the execution's name (a firing has no HTTP request). */
  traceId?: string;
}

/** What BeginRun answers: the nested video execution to run, or nothing (a second firing, an inactive schedule). */
export interface BegunRun {
  scriptId?: string;
  video?: { name: string; input: PipelineInput };
  skipped?: 'duplicate' | 'inactive' | 'gone';
}

/** What the Catch of a task hands RecordFailure: Step Functions' error name and cause. */
export interface TaskError {
  Error?: string;
  Cause?: string;
}

export type RunOutcome = { outcome: 'started'; period: string } | { outcome: 'duplicate' | 'inactive' | 'not-a-run-day' | 'gone' };

export interface AutomationRunnerDeps {
  schedules: AutomationScheduleRepository;
  templates: Pick<VideoTemplateRepository, 'get'>;
  runs: AutomationRunStore;
  /** Starts the automation state machine: false when an execution of that name exists (a double firing). */
  startRun: (name: string, input: AutomationRunInput) => Promise<boolean>;
  /** The script writer through the plan's tokens (GenerationService.generate). */
  write: (userId: string, input: GenerateScriptsInput) => Promise<GenerationResult>;
  /** Saves the owner's script (ScriptService.create). */
  saveScript: (userId: string, input: CreateScriptInput) => Promise<Script>;
  /** Claims the script's video (VideoRequestService.prepare: video minutes, segments, the run's claim); the state machine starts it. */
  prepareVideo: (
    userId: string,
    scriptId: string,
    input: GenerateVideoInput,
    traceId?: string,
    options?: { chosenAssetIds?: readonly string[] },
  ) => Promise<PreparedVideo>;
  /** Gives a prepared video's claim back when its execution never ran (VideoRequestService.giveBack). */
  giveBackVideo: (userId: string, scriptId: string, videoRunId: string) => Promise<void>;
  /** Reads the script a run wrote (the pipeline's failure message). */
  scriptOf: (userId: string, scriptId: string) => Promise<Pick<Script, 'videoGenerationStatus' | 'videoGenerationError'> | undefined>;
  /** Records a run failed and tells a scheduled run's owner, once per run (AutomationDelivery.runFailed). */
  runFailed: (run: AutomationRun, reason: string) => Promise<void>;
  publisher: Publisher;
  clock: () => Date;
  log: Log;
}

/**
 * Automation runs. A firing or Test Workflow starts the automation state machine under the
 * run's name (schedule and period), so a double firing makes one run. Its tasks call back here:
 * `begin` claims (schedule, period) once, writes the script (the template's fixed words, else the
 * writer, charged to the owner's plan), saves it as the owner's script and claims its video with the
 * template's voice, captions, music and media; the state machine runs the video pipeline as a nested
 * execution; delivery mails the recipients (AutomationDelivery.deliverRun); `recordFailure` says
 * why a run failed on the schedule (and in a mail to the owner). A failed run never blocks the next:
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
    const period = periodOf(at);
    return this.start({ userId, scheduleId, period, test: false, traceId: executionNameOf(scheduleId, period) });
  }

  /** Test Workflow: the same chain now, under a period of its own (the scheduled period is left alone). */
  async test(schedule: StoredSchedule): Promise<RunOutcome> {
    const period = `TEST-${newId()}`;
    return this.start({ userId: schedule.userId, scheduleId: schedule.id, period, test: true, traceId: executionNameOf(schedule.id, period) });
  }

  private async start(input: AutomationRunInput): Promise<RunOutcome> {
    if (await this.deps.runs.get(input.userId, input.scheduleId, input.period)) return { outcome: 'duplicate' };
    const started = await this.deps.startRun(executionNameOf(input.scheduleId, input.period), input);
    return started ? { outcome: 'started', period: input.period } : { outcome: 'duplicate' };
  }

  /** BeginRun: the run's claim, its script and its video's claim. Throws what the run failed of (RecordFailure says why). */
  async begin(input: AutomationRunInput): Promise<BegunRun> {
    const { userId, period, test } = input;
    const schedule = await this.deps.schedules.get(userId, input.scheduleId);
    if (!schedule) return { skipped: 'gone' };
    if (!test && !schedule.isActive) return { skipped: 'inactive' };
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
    if (!(await this.deps.runs.claim(run))) return { skipped: 'duplicate' };
    const nextRunAt = !test && schedule.isActive ? nextRunAfter(schedule, now).toISOString() : undefined;
    await this.record(run, { lastRunAt: run.startedAt, ...(nextRunAt ? { nextRunAt } : {}) });

    const template = await this.deps.templates.get(userId, schedule.templateId);
    if (!template) throw new NotFoundError(templateGoneMessage);
    // The schedule's language: its runs write, voice and caption in it.
    const language = schedule.language;
    const written = await this.words(userId, template, language);
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
      language,
      videoMetadata: null,
    });
    run.scriptId = script.id;
    run.scriptTitle = script.title;
    await this.deps.runs.linkScript(userId, script.id, { scheduleId: schedule.id, period });
    await this.deps.runs.update(userId, schedule.id, period, { scriptId: script.id, scriptTitle: script.title });
    await this.record(run, {});
    // The planner cuts the script into shots: the template's folder is the script's preferred folder
    // (+5), and its chosen clips, when it has some, are the clips the shots draw from.
    const chosenAssetIds = template.mediaAssignments.assetIds;
    const prepared = await this.deps.prepareVideo(
      userId,
      script.id,
      { captionSettings: scriptCaptionsOf(template), videoMetadata: null },
      input.traceId,
      chosenAssetIds.length > 0 ? { chosenAssetIds } : {},
    );
    this.deps.log.info('automation run begun', { userId, scheduleId: schedule.id, period, scriptId: script.id });
    return { scriptId: script.id, video: { name: `video-${script.id}-${prepared.now}`, input: prepared.input } };
  }

  /**
   * RecordFailure: the run failed at `error` (a task's error, or the nested video execution's). The reason
   * shown is the pipeline's message when the video failed, a message meant for the user (a plan limit, the
   * template gone), else a generic one. A video claimed but never started is given back.
   */
  async recordFailure(input: AutomationRunInput & { begun?: BegunRun; error?: TaskError }): Promise<{ reason: string | null }> {
    const run = await this.deps.runs.get(input.userId, input.scheduleId, input.period);
    if (!run) {
      this.deps.log.warn('automation run failed before its claim', {
        userId: input.userId,
        scheduleId: input.scheduleId,
        period: input.period,
        error: input.error?.Error,
      });
      return { reason: null };
    }
    const video = input.begun?.video;
    const script = run.scriptId ? await this.deps.scriptOf(input.userId, run.scriptId) : undefined;
    const videoRan = input.error?.Error === 'States.TaskFailed' || input.error?.Error === 'States.Timeout';
    if (video && run.scriptId && !videoRan && script?.videoGenerationStatus === 'generating')
      await this.deps.giveBackVideo(input.userId, run.scriptId, video.input.runId);
    const reason = (script?.videoGenerationStatus === 'failed' && script.videoGenerationError) || shownReasonOf(input.error) || genericRunFailure;
    this.deps.log.warn('automation run failed', { userId: input.userId, scheduleId: input.scheduleId, period: input.period, error: input.error?.Error });
    await this.deps.runFailed(run, reason);
    return { reason };
  }

  private async words(
    userId: string,
    template: VideoTemplate,
    language: LanguageCode,
  ): Promise<{ title: string; content: string; postCaption: string | null; hookSuggestion: string | null; source: 'openai' | 'offline' | undefined }> {
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
      language,
    });
    const [script] = scripts;
    if (!script) throw new Error('the writer answered no script');
    return {
      title: script.title.slice(0, 200),
      content: script.content,
      postCaption: script.postCaption || null,
      hookSuggestion: script.hookSuggestion || null,
      source: script.source,
    };
  }

  private async record(run: AutomationRun, fields: { lastRunAt?: string; nextRunAt?: string }): Promise<void> {
    await this.deps.schedules.recordRun(run.userId, run.scheduleId, { lastRun: lastRunOf(run), ...fields });
    await this.deps.publisher.publish(run.userId, { type: 'workflows', userId: run.userId, scheduleId: run.scheduleId }).catch(() => undefined);
  }
}

/** The user's reason in a task's error, if it has one (a plan limit, the template gone: errors whose message is shown). */
export function shownReasonOf(error: TaskError | undefined): string | undefined {
  return error?.Error && isShownToUser(error.Error) ? failureMessage(error) : undefined;
}

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
