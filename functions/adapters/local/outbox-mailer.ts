import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { newId } from '../../core/ids';
import type { Mailer, MailMessage } from '../../core/ports/accounts';
import type { Logger } from '../../platform/observability/logging';

export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** Headers as the cloud's mail carries them (List-Unsubscribe). */
  headers: z.record(z.string(), z.string()).optional(),
  sentAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Local mail: one JSON file per message in the outbox folder (read by /dev/mailbox), and a log line. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { unsubscribeUrl, ...content } = message;
    const entry: OutboxEntry = {
      id: newId(),
      from: this.from,
      sentAt: new Date().toISOString(),
      ...content,
      ...(unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } } : {}),
    };
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${entry.id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
    this.log.info('mail written to the local outbox', { to: message.to, subject: message.subject, mailbox: '/dev/mailbox' });
  }
}

/** Everything in the outbox, newest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names.filter((name) => name.endsWith('.json')).map(async (name) => outboxEntrySchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')))),
  );
  return entries
    .filter((entry) => entry.success)
    .map((entry) => entry.data)
    .sort((a, b) => (a.id < b.id ? 1 : -1));
}
