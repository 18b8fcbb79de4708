import type { ServerResponse } from 'node:http';
import { readOutbox, type OutboxEntry } from '../../functions/adapters/local/outbox-mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function linkify(escaped: string): string {
  return escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

function render(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <header><strong>${escapeHtml(entry.subject)}</strong><span>to ${escapeHtml(entry.to)} · ${escapeHtml(new Date(entry.sentAt).toLocaleString())}</span></header>
  ${entry.html ? `<p class="html"><a href="/dev/mailbox/${escapeHtml(entry.id)}.html" target="_blank" rel="noopener">View the HTML version</a></p>` : ''}
  <pre>${linkify(escapeHtml(entry.text))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Reelsmith</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f7f7f8; color: #18181b; }
  main { max-width: 760px; margin: 0 auto; padding: 32px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } p.note { color: #52525b; margin: 0 0 24px; }
  article { background: #fff; border: 1px solid #e4e4e7; border-radius: 8px; padding: 16px; margin-bottom: 12px; }
  header { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin-bottom: 8px; }
  header span { color: #71717a; font-size: 14px; }
  p.html { margin: 0 0 8px; font-size: 14px; }
  pre { white-space: pre-wrap; font-family: inherit; margin: 0; line-height: 1.5; }
</style></head>
<body><main>
<h1>Local mailbox</h1>
<p class="note">Mail the app sent while running on this machine (local mode only), newest first. ${entries.length} message${entries.length === 1 ? '' : 's'}.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}

const htmlPath = /^\/dev\/mailbox\/([0-9A-Z]{26})\.html$/;

export function isMailboxPath(pathname: string): boolean {
  return pathname === '/dev/mailbox' || pathname === '/dev/mailbox.json' || htmlPath.test(pathname);
}

/**
 * `/dev/mailbox` (HTML), `/dev/mailbox.json` and `/dev/mailbox/<id>.html` (one mail's HTML part, as a
 * mail client would show it: its inline styles and images, never scripts): the local outbox. Never part
 * of the cloud stack.
 */
export async function serveMailbox(outboxDir: string, pathname: string, res: ServerResponse): Promise<void> {
  const entries = await readOutbox(outboxDir);
  const one = htmlPath.exec(pathname)?.[1];
  if (one) {
    const entry = entries.find((candidate) => candidate.id === one);
    if (!entry?.html) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No such mail');
      return;
    }
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; font-src *; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(entry.html);
    return;
  }
  if (pathname.endsWith('.json')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(entries));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(render(entries));
}
