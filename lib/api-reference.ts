import { readFileSync } from 'node:fs';
import type { AreaHandler } from '../functions/platform/http/area-handler.js';
import { buildApiDocument, type BuiltDocument, type DeclaredRequest } from '../functions/platform/openapi/document.js';
import { areaTags, routeDescriptions } from '../functions/platform/openapi/areas/index.js';
import type { AreaName } from '../functions/platform/routes.js';
import { handler as account } from '../functions/http/account.js';
import { handler as auth } from '../functions/http/auth.js';
import { handler as billing } from '../functions/http/billing.js';
import { handler as branding } from '../functions/http/branding.js';
import { handler as delivery } from '../functions/http/delivery.js';
import { handler as media } from '../functions/http/media.js';
import { handler as publishing } from '../functions/http/publishing.js';
import { handler as scripts } from '../functions/http/scripts.js';
import { handler as stats } from '../functions/http/stats.js';
import { handler as system } from '../functions/http/system.js';
import { handler as voiceover } from '../functions/http/voiceover.js';
import { handler as voices } from '../functions/http/voices.js';
import { handler as workflows } from '../functions/http/workflows.js';
import { fromRoot } from './paths.js';

/**
 * The OpenAPI document and its reference page, as the site serves them: built at synth by the CDK (the site
 * bucket's deployment, lib/constructs/site.ts) and on first request by the local server (bin/local), from the
 * same function, so both runtimes serve the same bytes. Loading every area's handler module reads its
 * endpoints' request schemas (createAreaHandler keeps them on the handler); nothing is composed or called.
 */
const areaHandlers: Readonly<Record<AreaName, AreaHandler>> = {
  system,
  auth,
  stats,
  scripts,
  voices,
  media,
  voiceover,
  delivery,
  workflows,
  branding,
  billing,
  account,
  publishing,
};

/** Every route's declared request schemas, by route key. */
export function declaredRequests(): Map<string, DeclaredRequest> {
  const requests = new Map<string, DeclaredRequest>();
  for (const handler of Object.values(areaHandlers)) {
    for (const [key, endpoint] of Object.entries(handler.endpoints)) requests.set(key, endpoint);
  }
  return requests;
}

let built: BuiltDocument | undefined;

/** The document (built once per process). */
export function apiDocument(): BuiltDocument {
  built ??= buildApiDocument({
    requests: declaredRequests(),
    descriptions: routeDescriptions,
    tags: areaTags,
    version: (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version,
  });
  return built;
}

/** Where the site serves the document and the page (the page's own files sit beside it). */
export const apiReferencePaths = {
  document: '/api/openapi.json',
  page: '/docs/api',
} as const;

export interface SiteFile {
  /** The object key in the site bucket, and the path under the site (with a leading slash). */
  key: string;
  contentType: string;
  body: string;
}

const pageHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Reelsmith API reference</title>
    <meta name="description" content="Every call of the Reelsmith API, with curl examples: scripts, videos, media, voices, posting and webhooks." />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/docs/api/scalar.js"></script>
    <script src="/docs/api/reference.js"></script>
  </body>
</html>
`;

/**
 * Scalar's options: the document from this site, no fonts from anywhere else (the CSP allows none), curl first.
 * The mount point is not `#api-reference`: the bundle mounts an element of that id by itself, with no options.
 */
const pageScript = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: apiReferencePaths.document,
  slug: 'reelsmith-api',
  title: 'Reelsmith API',
  withDefaultFonts: false,
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  // Its developer toolbar (shown on localhost) and its hosted AI chat are Scalar's own services, not ours.
  showDeveloperTools: 'never',
  agent: { disabled: true },
  metaData: { title: 'Reelsmith API reference' },
})});
`;

/** Scalar's standalone bundle (one file, no CDN): the kept renderer (docs/decisions/openapi.md). */
function scalarBundle(): string {
  // The package exports no path to its browser bundle: read it where npm puts it.
  return readFileSync(fromRoot('node_modules/@scalar/api-reference/dist/browser/standalone.js'), 'utf8');
}

/** The files the site serves for the API reference: the document, the page, its script and the renderer. */
export function apiReferenceFiles(): SiteFile[] {
  return [
    { key: 'api/openapi.json', contentType: 'application/json; charset=utf-8', body: JSON.stringify(apiDocument().document) },
    { key: 'docs/api/index.html', contentType: 'text/html; charset=utf-8', body: pageHtml },
    { key: 'docs/api/reference.js', contentType: 'text/javascript; charset=utf-8', body: pageScript },
    { key: 'docs/api/scalar.js', contentType: 'text/javascript; charset=utf-8', body: scalarBundle() },
  ];
}
