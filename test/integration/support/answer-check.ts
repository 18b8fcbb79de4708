import { appendFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { matchRoute } from '../../../bin/local/api-gateway-event';
import { routeKey } from '../../../functions/platform/routes';
import { apiDocument } from '../../../lib/api-reference';

/** An answer the OpenAPI document does not describe: the test that got it fails with the route and where it differs. */
export class AnswerMismatchError extends Error {
  override name = 'AnswerMismatchError';
}

interface Described {
  content?: Record<string, { schema: object }>;
}

// Formats (email, date-time) are not checked: the schemas' shapes are; ajv 2020 is OpenAPI 3.1's dialect.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function validatorOf(key: string, status: string, schema: object): ValidateFunction {
  const id = `${key} ${status}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(id, validate);
  }
  return validate;
}

function describeErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 8)
    .map((error) => `  at ${error.instancePath || '/'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`)
    .join('\n');
}

/**
 * Every 2xx answer of a route in the table is held to the route's answer in the OpenAPI document: its status
 * must be one the document lists, and a JSON body must match that answer's schema (test/integration/support/http-client.ts
 * calls this on every answer, so every integration test checks the document against the real server).
 */
export function checkAnswer(method: string, url: URL, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const match = matchRoute(method, url.pathname);
  if (match.kind !== 'found') return;
  const key = routeKey(match.route);
  const operation = apiDocument().document.paths[match.route.path]?.[method.toLowerCase()] as { responses: Record<string, Described> } | undefined;
  if (!operation) throw new AnswerMismatchError(`${key} is not in the OpenAPI document`);
  const answer = operation.responses[String(status)];
  if (!answer) {
    const listed = Object.keys(operation.responses).filter((code) => code.startsWith('2'));
    throw new AnswerMismatchError(`${key} answered ${status}; its OpenAPI description lists ${listed.join(', ') || 'no 2xx'}`);
  }
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = validatorOf(key, String(status), schema);
  if (!validate(body)) {
    throw new AnswerMismatchError(`${key} answered ${status} with a body its OpenAPI schema refuses:\n${describeErrors(validate.errors ?? [])}`);
  }
  noteChecked(`${key} ${status}`);
}

const checked = new Set<string>();

/** `OPENAPI_CHECKED_LOG=<file>`: each route and status whose answer was checked, once per process (how much of the document the tests reach). */
function noteChecked(entry: string): void {
  const log = process.env.OPENAPI_CHECKED_LOG;
  if (!log || checked.has(entry)) return;
  checked.add(entry);
  appendFileSync(log, `${entry}\n`);
}
