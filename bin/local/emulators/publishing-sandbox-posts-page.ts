import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublishingPlatform } from '../../../functions/contract/publishing';
import type { PostingDesk, SandboxPost } from './publishing-sandbox-posting';
import { escapeHtml } from './stripe-pages';

/**
 * The sandbox's "what was posted" page: `/posts` lists every post, newest first, and plays its
 * video (`/posts/video/<id>`, with byte ranges so a browser can seek). The platforms' post links the app
 * builds against the sandbox (`/tiktok/@name/video/<id>`, `/youtube/shorts/<id>`, `/instagram/reel/<code>/`)
 * land here, on the post.
 */
const names: Record<PublishingPlatform, { name: string; accent: string }> = {
  tiktok: { name: 'TikTok', accent: '#fe2c55' },
  youtube: { name: 'YouTube', accent: '#ff0000' },
  instagram: { name: 'Instagram', accent: '#d62976' },
};

const css = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f7;color:#1a1a2e}
  header{background:#1a1a2e;color:#fff;padding:14px 20px;font-weight:700;display:flex;gap:10px;align-items:center}
  header small{font-weight:600;background:#f5b400;color:#1a1a2e;border-radius:999px;padding:2px 8px;font-size:12px}
  main{max-width:1100px;margin:24px auto;padding:0 16px}
  h1{font-size:20px;margin:0 0 4px} .lead{color:#60607a;font-size:14px;margin:0 0 18px}
  .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:16px}
  article{background:#fff;border:1px solid #e3e3ea;border-radius:12px;overflow:hidden;scroll-margin-top:16px}
  article:target{outline:3px solid #5b5bd6}
  video{display:block;width:100%;aspect-ratio:9/16;max-height:70vh;background:#000;object-fit:contain}
  .body{padding:12px 14px;font-size:13px;line-height:1.45}
  .chip{display:inline-block;color:#fff;border-radius:999px;padding:2px 9px;font-size:12px;font-weight:700;margin-right:6px}
  .caption{margin:8px 0;white-space:pre-wrap;word-break:break-word;color:#1a1a2e}
  dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:8px 0 0;color:#60607a} dd{margin:0;word-break:break-all;color:#1a1a2e}
  .empty{background:#fff;border:1px dashed #c9c9d6;border-radius:12px;padding:32px;text-align:center;color:#60607a}
`;

function card(post: SandboxPost): string {
  const look = names[post.platform];
  const id = escapeHtml(post.postId);
  return `<article id="${id}"><video controls preload="metadata" playsinline src="/posts/video/${encodeURIComponent(post.postId)}"></video><div class="body">
<span class="chip" style="background:${look.accent}">${look.name}</span><strong>${escapeHtml(post.account)}</strong>
${post.title ? `<div class="caption"><strong>${escapeHtml(post.title)}</strong></div>` : ''}<div class="caption">${escapeHtml(post.caption) || '<em>No caption</em>'}</div>
<dl><dt>Privacy</dt><dd>${escapeHtml(post.privacy)}</dd><dt>Posted</dt><dd>${escapeHtml(new Date(post.at).toISOString().replace('T', ' ').slice(0, 16))} UTC</dd>
<dt>Size</dt><dd>${(post.bytes / 1024 ** 2).toFixed(2)} MB</dd><dt>Post id</dt><dd>${id}</dd><dt>SHA-256</dt><dd>${escapeHtml(post.sha256.slice(0, 16))}…</dd></dl></div></article>`;
}

export function postsPage(posts: readonly SandboxPost[]): string {
  const cards = [...posts].reverse().map(card).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Platform sandbox · Posts</title><style>${css}</style></head>
<body><header>Platform sandbox <small>SANDBOX</small></header><main>
<h1>Posted videos</h1><p class="lead">${posts.length} ${posts.length === 1 ? 'post' : 'posts'} made to the local TikTok, YouTube and Instagram. Nothing leaves this machine.</p>
${posts.length ? `<div class="grid">${cards}</div>` : '<div class="empty">Nothing has been posted yet.</div>'}
</main></body></html>`;
}

function serveVideo(video: Buffer, req: IncomingMessage, res: ServerResponse): void {
  const wanted = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!wanted || (!wanted[1] && !wanted[2])) {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.byteLength), 'accept-ranges': 'bytes' });
    res.end(video);
    return;
  }
  const start = wanted[1] ? Number(wanted[1]) : Math.max(0, video.byteLength - Number(wanted[2]));
  const end = wanted[1] && wanted[2] ? Math.min(Number(wanted[2]), video.byteLength - 1) : video.byteLength - 1;
  if (start > end || start >= video.byteLength) {
    res.writeHead(416, { 'content-range': `bytes */${video.byteLength}` }).end();
    return;
  }
  res.writeHead(206, {
    'content-type': 'video/mp4',
    'content-length': String(end - start + 1),
    'content-range': `bytes ${start}-${end}/${video.byteLength}`,
    'accept-ranges': 'bytes',
  });
  res.end(video.subarray(start, end + 1));
}

/** The page, its videos and the platforms' post links; false for any other path. */
export function postsRoute(desk: PostingDesk, pathname: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET') return false;
  if (pathname === '/posts' || pathname === '/posts/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(postsPage(desk.posts));
    return true;
  }
  const video = /^\/posts\/video\/([^/]+)$/.exec(pathname);
  if (video) {
    const bytes = desk.video(decodeURIComponent(video[1] ?? ''));
    if (!bytes) res.writeHead(404, { 'content-type': 'text/plain' }).end('No such post');
    else serveVideo(bytes, req, res);
    return true;
  }
  const link = /^\/tiktok\/@[^/]+(?:\/video\/(\d+))?\/?$/.exec(pathname) ?? /^\/youtube\/shorts\/([\w-]+)$/.exec(pathname);
  if (link) {
    res.writeHead(302, { location: `/posts${link[1] ? `#${link[1]}` : ''}` }).end();
    return true;
  }
  return false;
}
