import type { z } from 'zod';
import { webhookEventTypes, webhookPayloadSchema, type WebhookEventType } from '../../contract/delivery';
import { csrfCookieName, sessionCookieName } from '../http/cookies';
import { takesIdempotencyKey } from '../http/idempotent-calls';
import { apiKeyAccessOf, requiresCsrf, routeKey, routes as routeTable, type AreaName, type RouteDefinition } from '../routes';
import { errorBodySchema, errorResponses, validationErrorBodySchema } from './errors';
import { toJsonSchema, type JsonSchema } from './json-schema';
import { registerAnswerOverrides } from './overrides';
import type { AreaDescriptions, ErrorStatus, RouteDescription } from './route-description';

/** What an endpoint declares of its request (functions/platform/http/endpoint.ts): the schemas it parses with. */
export interface DeclaredRequest {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
}

export interface AreaTag {
  readonly name: string;
  readonly description: string;
}

export interface DocumentSources {
  /** Every route's endpoint schemas, by route key (read from the area handlers: lib/api-reference.ts). */
  readonly requests: ReadonlyMap<string, DeclaredRequest>;
  readonly descriptions: Readonly<Record<AreaName, AreaDescriptions>>;
  readonly tags: Readonly<Record<AreaName, AreaTag>>;
  readonly version: string;
  /** Defaults to the route table; tests pass another to prove the checks. */
  readonly routes?: readonly RouteDefinition[];
}

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

/** Where zod had to write `{}`: `<route key> <part>: <where>` (kept empty by the unit test; overrides.ts says the rest by hand). */
export interface BuiltDocument {
  document: OpenApiDocument;
  unrepresented: string[];
}

export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'rsk_…',
    description:
      'An API key from Settings → API keys (`Authorization: Bearer rsk_…`). No CSRF token. A wrong, revoked or expired key is a 401 even with a session cookie; a call outside the key’s scopes (`read`, `write`, `publish`) is a 403 naming the scope.',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description: 'The session cookie the pages use (HttpOnly; set by `POST /api/login`).',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: `Cookie sessions only, on every call but GET: the token from \`GET /api/csrf-token\`, which also sets the \`${csrfCookieName}\` cookie it must match.`,
  },
} as const;

type Requirement = Record<string, string[]>;

/** What a 429 carries: when to try again, and the key's window (IETF RateLimit headers). */
const rateLimitHeaders = {
  'Retry-After': { description: 'Seconds to wait before the next call.', schema: { type: 'integer' } },
  'RateLimit-Limit': { description: 'Calls a minute the key’s plan allows.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Calls left in this window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again.', schema: { type: 'integer' } },
};

function securityOf(route: RouteDefinition): Requirement[] {
  const csrf = requiresCsrf(route);
  if (route.auth !== 'session') return csrf ? [{ csrfToken: [] }] : [];
  const cookie: Requirement = csrf ? { cookieAuth: [], csrfToken: [] } : { cookieAuth: [] };
  return apiKeyAccessOf(route) === 'never' ? [cookie] : [{ bearerAuth: [] }, cookie];
}

/** The IETF Idempotency-Key header, on every signed-in POST (platform/http/idempotent-calls.ts). */
const idempotencyKeyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 257 },
  description:
    'Makes the call once: the first answer is kept 24 hours and replayed (with `Idempotent-Replayed: true`) for the same key and request; the same key with another request is a 422, and while the first call runs a 409. A Structured Field string (`"…"`) or a bare token, 1–255 visible characters.',
};

function errorsOf(route: RouteDefinition, description: RouteDescription): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, ...(description.errors ?? [])]);
  if (takesIdempotencyKey(route)) {
    statuses.add(409);
    statuses.add(422);
  }
  if (route.auth === 'session') {
    statuses.add(401);
    // A key without the call's scope; a cookie call without its CSRF token.
    statuses.add(403);
    // The per-key rate limit.
    if (apiKeyAccessOf(route) !== 'never') statuses.add(429);
  }
  if (requiresCsrf(route)) statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

function parametersOf(route: RouteDefinition, declared: DeclaredRequest, gaps: (part: string, found: string[]) => void): Parameter[] {
  const parameters: Parameter[] = [];
  const params = declared.params ? toJsonSchema(declared.params, 'input') : undefined;
  if (params) gaps('params', params.unrepresented);
  const paramProperties = (params?.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParameterNames(route.path)) {
    parameters.push({ name, in: 'path', required: true, schema: paramProperties[name] ?? { type: 'string' } });
  }
  if (declared.query) {
    const query = toJsonSchema(declared.query, 'input');
    gaps('query', query.unrepresented);
    const required = new Set((query.schema.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'query', required: required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) });
    }
  }
  return parameters;
}

function requestBodyOf(declared: DeclaredRequest, description: RouteDescription, gaps: (part: string, found: string[]) => void): JsonSchema | undefined {
  const content: Record<string, JsonSchema> = {};
  const body = declared.body ?? description.jsonBody;
  let required = false;
  if (body) {
    const converted = toJsonSchema(body, 'input');
    gaps('body', converted.unrepresented);
    content['application/json'] = { schema: converted.schema };
    // The transport reads a missing body as `{}`: a body is required only when `{}` is refused.
    required = !body.safeParse({}).success;
  }
  if (description.rawBody) {
    content[description.rawBody.contentType] = { schema: description.rawBody.schema };
    required = true;
  }
  return Object.keys(content).length ? { required, content } : undefined;
}

function responsesOf(route: RouteDefinition, description: RouteDescription, gaps: (part: string, found: string[]) => void): Record<string, JsonSchema> {
  const success = description.success;
  const responses: Record<string, JsonSchema> = {};
  if ('schema' in success) {
    const converted = toJsonSchema(success.schema, 'output');
    gaps('answer', converted.unrepresented);
    responses[String(success.status)] = { description: success.description, content: { 'application/json': { schema: converted.schema } } };
  } else if ('binary' in success) {
    responses[String(success.status)] = {
      description: success.description,
      content: { [success.binary]: { schema: { type: 'string', contentMediaType: success.binary } } },
    };
  } else if (success.status === 302) {
    responses['302'] = {
      description: success.description,
      headers: { Location: { description: 'Where the file is (a short-lived URL), or the page to go back to.', schema: { type: 'string' } } },
    };
  } else {
    responses[String(success.status)] = { description: success.description };
  }
  for (const status of errorsOf(route, description)) responses[String(status)] = { $ref: `#/components/responses/${errorResponses[status].name}` };
  return responses;
}

function webhooksOf(): Record<string, JsonSchema> {
  const payload = toJsonSchema(webhookPayloadSchema, 'output').schema;
  const said: Record<WebhookEventType, string> = {
    'video.completed': 'A video finished rendering (Automations: video webhook on).',
    'audio.completed': 'A voice-over finished (Automations: audio webhook on).',
    'webhook.test': 'Sent by “Test webhook” (`POST /api/webhook-test-direct`).',
    'video.published': 'A post went live on a connected platform; `data.publication` says where.',
    'video.publish_failed': 'A post failed for good; `data.publication.error` says why.',
  };
  const headers = {
    'webhook-id': { required: true, description: 'The event id (`msg_…`), the same on every retry: deduplicate by it.', schema: { type: 'string' } },
    'webhook-timestamp': { required: true, description: 'Unix seconds of this attempt.', schema: { type: 'string' } },
    'webhook-signature': {
      required: true,
      description: 'Standard Webhooks signature (`v1,<base64 HMAC-SHA256>`) of `id.timestamp.body` with the secret shown in Automations (`whsec_…`).',
      schema: { type: 'string' },
    },
  };
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: `${said[type]} Retried with backoff over about a day while the receiver answers 5xx, 429 or nothing; a 410 turns the webhook off.`,
          operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`,
          tags: ['Webhooks'],
          parameters: Object.entries(headers).map(([name, header]) => ({ name, in: 'header', ...header })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { ...payload, properties: { ...(payload.properties as object), type: { const: type } } } } },
          },
          responses: {
            '200': { description: 'Any 2xx: received.' },
            '410': { description: 'Gone: Reelsmith turns the webhook off until the URL is saved again.' },
          },
        },
      },
    ]),
  );
}

/** Routes the descriptions miss, and descriptions of routes that do not exist (or sit in another area's file). */
export function descriptionMismatches(
  table: readonly RouteDefinition[],
  descriptions: Readonly<Record<string, AreaDescriptions>>,
): { undescribed: string[]; unknown: string[] } {
  const undescribed = table.filter((route) => !descriptions[route.area]?.[routeKey(route)]).map(routeKey);
  const routeAreas = new Map(table.map((route) => [routeKey(route), route.area as string]));
  const unknown = Object.entries(descriptions).flatMap(([area, described]) =>
    Object.keys(described)
      .filter((key) => routeAreas.get(key) !== area)
      .map((key) => `${key} (in ${area})`),
  );
  return { undescribed, unknown };
}

/**
 * The OpenAPI 3.1 document of the route table: each route's request from its endpoint's zod schemas
 * (`io: 'input'`), its answer and errors from its description (`io: 'output'`), its security, and the
 * webhooks the product sends. Pure: the same sources make the same document.
 */
export function buildApiDocument(sources: DocumentSources): BuiltDocument {
  registerAnswerOverrides();
  const table = sources.routes ?? routeTable;
  const { undescribed, unknown } = descriptionMismatches(table, sources.descriptions);
  if (undescribed.length || unknown.length) {
    throw new Error(
      [
        undescribed.length ? `Routes without a description (functions/platform/openapi/areas/<area>.ts): ${undescribed.join(', ')}` : '',
        unknown.length ? `Descriptions of routes that do not exist: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('. '),
    );
  }
  const unrepresented: string[] = [];
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of table) {
    const key = routeKey(route);
    const description = sources.descriptions[route.area][key]!;
    const declared = sources.requests.get(key) ?? {};
    const gaps = (part: string, found: string[]) => unrepresented.push(...found.map((where) => `${key} ${part}: ${where}`));
    const parameters = parametersOf(route, declared, gaps);
    if (takesIdempotencyKey(route)) parameters.push(idempotencyKeyParameter);
    const requestBody = requestBodyOf(declared, description, gaps);
    const operation: JsonSchema = {
      operationId: description.operationId,
      summary: description.summary,
      ...(description.description ? { description: description.description } : {}),
      tags: [sources.tags[route.area].name],
      security: securityOf(route),
      // The scope an API key needs for the call (routes.ts apiKeyAccessOf); absent: no key may call it.
      ...(apiKeyAccessOf(route) === 'never' ? {} : { 'x-api-key-scope': apiKeyAccessOf(route) }),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(route, description, gaps),
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const areasInUse = new Set(table.map((route) => route.area));
  const document: OpenApiDocument = {
    openapi: '3.1.1',
    info: {
      title: 'Reelsmith API',
      version: sources.version,
      description:
        'Write, voice, render and post short videos. Every call the pages make, with an API key (`Authorization: Bearer rsk_…`) or the session cookie. Generated from the server’s own request schemas; answers are checked against it by the integration tests.',
    },
    servers: [{ url: '/', description: 'This Reelsmith site' }],
    tags: [
      ...Object.entries(sources.tags)
        .filter(([area]) => areasInUse.has(area as AreaName))
        .map(([, tag]) => tag),
      { name: 'Webhooks', description: 'What Reelsmith sends to your webhook URL (Automations).' },
    ],
    paths,
    webhooks: webhooksOf(),
    components: {
      securitySchemes,
      schemas: {
        Error: toJsonSchema(errorBodySchema, 'output').schema,
        ValidationError: toJsonSchema(validationErrorBodySchema, 'output').schema,
      },
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([status, { name, description }]) => [
          name,
          {
            description,
            ...(status === '429' ? { headers: rateLimitHeaders } : {}),
            content: { 'application/json': { schema: { $ref: status === '400' ? '#/components/schemas/ValidationError' : '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
  return { document, unrepresented };
}
