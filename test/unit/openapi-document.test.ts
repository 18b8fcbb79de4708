import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import { webhookEventTypes } from '../../functions/contract/delivery';
import { areaTags, routeDescriptions } from '../../functions/platform/openapi/areas';
import { buildApiDocument, descriptionMismatches } from '../../functions/platform/openapi/document';
import { toJsonSchema } from '../../functions/platform/openapi/json-schema';
import { apiKeyAccessOf, routeKey, routes, type RouteDefinition } from '../../functions/platform/routes';
import { apiDocument, declaredRequests } from '../../lib/api-reference';
import { checkAnswer } from '../integration/support/answer-check';

const { document, unrepresented } = apiDocument();
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

function documentedKeys(): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => (methods as readonly string[]).includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
};
const operation = (key: string): Operation => {
  const [method, path] = key.split(' ') as [string, string];
  return document.paths[path]![method.toLowerCase()] as unknown as Operation;
};

describe('the OpenAPI document', () => {
  it('describes exactly the routes of the route table', () => {
    expect(documentedKeys().sort()).toEqual(routes.map(routeKey).sort());
    expect(descriptionMismatches(routes, routeDescriptions)).toEqual({ undescribed: [], unknown: [] });
  });

  it('fails when a route has no description, or a description names no route', () => {
    const extra: RouteDefinition = { method: 'GET', path: '/api/not-described', area: 'stats', auth: 'session' };
    expect(() => buildApiDocument({ requests: new Map(), descriptions: routeDescriptions, tags: areaTags, version: '0', routes: [...routes, extra] })).toThrow(
      /Routes without a description .*GET \/api\/not-described/,
    );
    const gone = routes.filter((route) => routeKey(route) !== 'GET /api/stats');
    expect(() => buildApiDocument({ requests: new Map(), descriptions: routeDescriptions, tags: areaTags, version: '0', routes: gone })).toThrow(
      /Descriptions of routes that do not exist: GET \/api\/stats \(in stats\)/,
    );
    // In another area's file: not the route's description.
    const moved = { ...routeDescriptions, stats: {}, scripts: { ...routeDescriptions.scripts, ...routeDescriptions.stats } };
    expect(descriptionMismatches(routes, moved).undescribed).toContain('GET /api/stats');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  }, 30_000);

  it('holds only schemas a draft 2020-12 validator compiles, and nothing zod could not say', () => {
    expect(unrepresented).toEqual([]);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const key of routes.map(routeKey)) {
      for (const answer of Object.values(operation(key).responses) as { content?: Record<string, { schema: object }> }[]) {
        for (const media of Object.values(answer.content ?? {})) expect(() => ajv.compile(media.schema), key).not.toThrow();
      }
      for (const media of Object.values(operation(key).requestBody?.content ?? {})) expect(() => ajv.compile(media.schema), key).not.toThrow();
    }
  }, 60_000);

  it('gives every operation a unique operationId and a summary', () => {
    const ids = routes.map((route) => operation(routeKey(route)).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it("takes each request from the endpoint's own schemas", () => {
    const requests = declaredRequests();
    for (const route of routes) {
      const declared = requests.get(routeKey(route));
      if (declared?.body) expect(operation(routeKey(route)).requestBody?.content['application/json'], routeKey(route)).toBeDefined();
      if (declared?.query)
        expect(
          operation(routeKey(route)).parameters?.some((parameter) => parameter.in === 'query'),
          routeKey(route),
        ).toBe(true);
    }
    expect(Object.keys(operation('POST /api/scripts').requestBody!.content['application/json']!.schema.properties!)).toEqual(
      expect.arrayContaining(['title', 'scriptContent', 'postCaption']),
    );
    expect(operation('PATCH /api/scripts/{id}').parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(operation('GET /api/scripts').parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['cursor']));
  });

  it('lists both the bearer key and the cookie session on every route a key may call, and the cookie alone on the others', () => {
    for (const route of routes) {
      const security = operation(routeKey(route)).security;
      const schemes = security.flatMap((requirement) => Object.keys(requirement));
      if (route.auth !== 'session') expect(schemes, routeKey(route)).not.toContain('cookieAuth');
      else if (apiKeyAccessOf(route) === 'never') expect(schemes, routeKey(route)).not.toContain('bearerAuth');
      else expect(security[0], routeKey(route)).toEqual({ bearerAuth: [] });
    }
    expect(operation('POST /api/account/delete').security).toEqual([{ cookieAuth: [], csrfToken: [] }]);
    expect(operation('POST /api/scripts').security).toEqual([{ bearerAuth: [] }, { cookieAuth: [], csrfToken: [] }]);
    expect(operation('GET /api/openapi.json').security).toEqual([]);
    expect(document.components).toMatchObject({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } });
  });

  it('describes the errors with the error body, and a 401 on every signed-in route', () => {
    for (const route of routes) {
      const responses = operation(routeKey(route)).responses;
      expect(responses['400'], routeKey(route)).toEqual({ $ref: '#/components/responses/BadRequest' });
      if (route.auth === 'session') expect(responses['401'], routeKey(route)).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
  });

  it('describes each webhook event the product sends', () => {
    expect(Object.keys(document.webhooks as object).sort()).toEqual([...webhookEventTypes].sort());
  });

  it("answers a stored language as a code, not as zod's blank for a transform", () => {
    const script = toJsonSchema(
      z.object({
        language: z
          .string()
          .nullish()
          .transform(() => 'en'),
      }),
      'output',
    );
    expect(script.unrepresented).toEqual(['transform at /properties/language']);
    const answered = (operation('GET /api/user').responses['200'] as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }).content[
      'application/json'
    ]!.schema.properties.language;
    expect(answered).toMatchObject({ type: 'string', enum: expect.arrayContaining(['en', 'es']) });
  });

  it("fails an integration test's call whose answer differs, naming the route and the path of the difference", () => {
    const at = (path: string) => new URL(path, 'http://127.0.0.1:3000');
    expect(() => checkAnswer('GET', at('/api/translation'), 200, { available: true, message: null })).not.toThrow();
    expect(() => checkAnswer('GET', at('/api/translation'), 200, { available: 'yes', message: null })).toThrow(
      /GET \/api\/translation answered 200 with a body its OpenAPI schema refuses:\n {2}at \/available: must be boolean/,
    );
    expect(() => checkAnswer('GET', at('/api/translation'), 200, { available: true, message: null, extra: 1 })).toThrow(/additionalProperty":"extra"/);
    expect(() => checkAnswer('POST', at('/api/scripts'), 200, {})).toThrow('POST /api/scripts answered 200; its OpenAPI description lists 201');
    expect(() => checkAnswer('GET', at('/api/translation'), 404, { message: 'x' })).not.toThrow();
  });
});
