/**
 * The frame of the local Stripe's hosted pages (checkout and portal): one stylesheet, no script, so
 * they work under any CSP; and the small formats they show.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const pageCss = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f7;color:#1a1a2e}
  .bar{background:#1a1a2e;color:#fff;padding:14px 20px;font-weight:600;letter-spacing:.2px;display:flex;gap:10px;align-items:center}
  .bar small{font-weight:500;background:#f5b400;color:#1a1a2e;border-radius:999px;padding:2px 8px;font-size:12px}
  main{max-width:460px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border:1px solid #e3e3ea;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
  h1{font-size:20px;margin:0 0 4px} .muted{color:#60607a;font-size:14px;margin:0}
  .price{font-size:34px;font-weight:700;margin:18px 0 2px} .price span{font-size:15px;font-weight:500;color:#60607a}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:18px 0;font-size:14px} dt{color:#60607a} dd{margin:0;text-align:right;font-weight:500}
  .note{background:#f7f7fb;border:1px dashed #c9c9d6;border-radius:8px;padding:10px 12px;font-size:13px;color:#4a4a60;margin:16px 0}
  form{margin:0} .actions{display:grid;gap:10px;margin-top:18px}
  button,.link{display:block;width:100%;border-radius:8px;padding:12px 14px;font-size:15px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;border:1px solid transparent}
  .primary{background:#5b4ff5;color:#fff} .primary:hover{background:#4a3fe0}
  .secondary{background:#fff;color:#1a1a2e;border-color:#d4d4de} .secondary:hover{background:#f4f4f7}
  .danger{background:#fff;color:#b42318;border-color:#f1b5ae} .danger:hover{background:#fff5f4}
  .badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;background:#e7f6ec;color:#1b7a3d}
  .badge.warn{background:#fff4e0;color:#9a5b00} .badge.off{background:#eee;color:#555}
  h2{font-size:15px;margin:22px 0 8px} .flash{background:#eef0ff;border-radius:8px;padding:10px 12px;font-size:14px;margin-bottom:14px}
  footer{font-size:12px;color:#80809a;text-align:center;margin:18px 0}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Reelsmith test checkout</title><style>${pageCss}</style></head>
<body><div class="bar">Reelsmith test checkout <small>TEST MODE</small></div><main>${body}
<footer>A local stand-in for Stripe. No card is charged.</footer></main></body></html>`;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(0)}`;
export const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
