import type { GenerateScriptsInput, GeneratedScript } from '../../contract/generation';
import type { CreateScriptInput, Script } from '../../contract/scripts';
import { LimitExceededError } from '../errors';
import type { UserRepository } from '../ports/accounts';
import type { SendOnce } from '../ports/delivery';
import { weeklyMail } from './mails';

export interface WeeklyScriptsDeps {
  users: Pick<UserRepository, 'get'>;
  settings: { get(userId: string): Promise<{ automationEmail: string | null } | undefined> };
  generate: (userId: string, input: GenerateScriptsInput) => Promise<{ scripts: GeneratedScript[] }>;
  saveScript: (userId: string, input: CreateScriptInput) => Promise<Script>;
  /** Sends through the plan's daily allowance and the suppression list (DeliveryMail's rules). */
  send: (userId: string, message: Awaited<ReturnType<typeof weeklyMail>>) => Promise<void>;
  once: SendOnce;
  appOrigin: () => Promise<string>;
  clock: () => Date;
  log: { warn(message: string, ...fields: Record<string, unknown>[]): void };
}

/** The writer's most per call (the generation form's own limit). */
const perCall = 3;
export const weeklyLimitNote =
  "Your plan ran out of script tokens before all of this week's scripts were written. They renew with your plan, or upgrade for more.";

/** The ISO week (`2026-W48`) a moment falls in: the weekly email's once-key. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The weekly script email (user fields): fresh scripts for the creator's subject category,
 * written and charged like any generation, saved to the workspace, mailed with a link to each. Once
 * per ISO week, whatever the scheduler does; at the token limit the mail says so.
 */
export class WeeklyScripts {
  constructor(private readonly deps: WeeklyScriptsDeps) {}

  async run(userId: string): Promise<'sent' | 'skipped'> {
    const user = await this.deps.users.get(userId);
    if (!user || !user.weeklyEmailEnabled) return 'skipped';
    if (!(await this.deps.once.claim(userId, `weekly#${isoWeek(this.deps.clock())}`, 14))) return 'skipped';
    const category = user.subjectCategory ?? 'general';
    const written: Script[] = [];
    let limitNote: string | null = null;
    for (let left = user.weeklyEmailScriptCount; left > 0; left -= perCall) {
      try {
        const { scripts } = await this.deps.generate(userId, {
          topic: category,
          subjectCategory: category,
          extraInstructions: 'Fresh ideas for this week, each one different from the others',
          duration: '30 seconds',
          scriptCount: Math.min(perCall, left),
          preferredFolderId: null,
          voiceId: user.selectedVoice,
        });
        for (const script of scripts) {
          written.push(
            await this.deps.saveScript(userId, {
              title: script.title,
              scriptContent: script.content,
              postCaption: script.postCaption,
              duration: script.duration,
              topic: category,
              subjectCategory: category,
              hookSuggestion: script.hookSuggestion,
              source: script.source,
              preferredFolderId: null,
            }),
          );
        }
      } catch (error) {
        if (error instanceof LimitExceededError) {
          limitNote = weeklyLimitNote;
          break;
        }
        throw error;
      }
    }
    const settings = await this.deps.settings.get(userId);
    const origin = await this.deps.appOrigin();
    const message = await weeklyMail({
      to: settings?.automationEmail ?? user.email,
      category,
      scripts: written.map((script) => ({
        title: script.title,
        url: `${origin}/scripts?script=${encodeURIComponent(script.id)}`,
        excerpt: script.scriptContent.length > 160 ? `${script.scriptContent.slice(0, 157)}…` : script.scriptContent,
      })),
      limitNote,
      settingsUrl: `${origin}/calendar`,
    });
    await this.deps.send(userId, message);
    return 'sent';
  }
}
