import type { PublishingPlatform } from '../../../functions/contract/publishing';
import { escapeHtml } from './stripe-pages';

/**
 * The local platform sandbox's consent page: one per platform, in the platform's colour,
 * with Allow and Deny. Both are GET forms that send the same authorize request again with
 * `consent=allow|deny` (what a script appends by hand), so the pages run no script and work under any CSP.
 */
const looks: Record<PublishingPlatform, { name: string; colour: string; accent: string; mark: string }> = {
  tiktok: { name: 'TikTok', colour: '#000000', accent: '#fe2c55', mark: '♪' },
  youtube: { name: 'YouTube', colour: '#ffffff', accent: '#ff0000', mark: '▶' },
  instagram: { name: 'Instagram', colour: '#ffffff', accent: '#d62976', mark: '◎' },
};

const css = (accent: string, bar: string) => `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f7;color:#1a1a2e}
  .bar{background:${bar};color:${bar === '#ffffff' ? '#1a1a2e' : '#fff'};padding:14px 20px;font-weight:700;display:flex;gap:10px;align-items:center;border-bottom:1px solid #e3e3ea}
  .mark{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:8px;background:${accent};color:#fff;font-size:15px}
  .bar small{font-weight:600;background:#f5b400;color:#1a1a2e;border-radius:999px;padding:2px 8px;font-size:12px}
  main{max-width:440px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border:1px solid #e3e3ea;border-radius:12px;padding:24px}
  h1{font-size:20px;margin:0 0 6px} p{color:#4a4a60;font-size:14px;line-height:1.45}
  ul{padding-left:18px;font-size:14px;color:#1a1a2e} li{margin:4px 0}
  label{display:block;font-size:13px;color:#60607a;margin:14px 0 4px}
  input[type=text]{width:100%;padding:10px 12px;border:1px solid #d4d4de;border-radius:8px;font-size:15px}
  .actions{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:18px}
  button{width:100%;border-radius:8px;padding:12px 14px;font-size:15px;font-weight:600;cursor:pointer;border:1px solid transparent}
  .allow{background:${accent};color:#fff} .deny{background:#fff;color:#1a1a2e;border-color:#d4d4de}
  footer{font-size:12px;color:#80809a;text-align:center;margin:18px 0}
`;

export function consentPage(
  platform: PublishingPlatform,
  input: { action: string; params: URLSearchParams; appName: string; scopes: string[]; user: string },
): string {
  const look = looks[platform];
  const hidden = [...input.params]
    .filter(([name]) => name !== 'consent' && name !== 'sandbox_user')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const form = (decision: 'allow' | 'deny', label: string, className: string, withUser: boolean) =>
    `<form method="get" action="${escapeHtml(input.action)}">${hidden}<input type="hidden" name="consent" value="${decision}">${
      withUser ? `<input type="hidden" name="sandbox_user" value="${escapeHtml(input.user)}">` : ''
    }<button class="${className}" type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${look.name} sandbox · Authorize ${escapeHtml(input.appName)}</title><style>${css(look.accent, look.colour)}</style></head>
<body><div class="bar"><span class="mark" aria-hidden="true">${look.mark}</span>${look.name} <small>SANDBOX</small></div><main><div class="card">
<h1>${escapeHtml(input.appName)} would like to access your ${look.name} account</h1>
<p>Signed in as <strong>${escapeHtml(input.user)}</strong>. The app asks to:</p>
<ul>${input.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<div class="actions">${form('deny', 'Deny', 'deny', false)}${form('allow', 'Allow', 'allow', true)}</div>
</div><footer>A local stand-in for ${look.name}. Nothing leaves this machine.</footer></main></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox error</title></head><body style="font-family:system-ui;padding:24px"><h1>Authorization error</h1><p>${escapeHtml(message)}</p></body></html>`;
}
