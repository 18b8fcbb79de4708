import { describe, expect, it } from 'vitest';
import * as errors from '../../functions/core/errors';
import { failureMessage, genericFailureMessage, withStableName } from '../../functions/core/video/run';
import { mapError } from '../../functions/platform/http/error-mapper';
import * as transport from '../../functions/platform/http/transport-errors';

type Named = { errorName?: string; prototype: unknown };
const exported: unknown[] = [...Object.values(errors), ...Object.values(transport)];
const classes = exported.filter(
  (value): value is Named => typeof value === 'function' && value !== errors.AppError && (value as Named).prototype instanceof errors.AppError,
);

describe('the error registry', () => {
  it('names every named error class, so minified bundles keep the names Retry, Catch and MarkFailed match', () => {
    expect(classes.length).toBeGreaterThan(15);
    for (const type of classes) {
      expect(type.errorName, String(type)).toBeDefined();
      expect(errors.isErrorName(type.errorName ?? ''), type.errorName).toBe(true);
    }
    expect(Object.keys(errors.errorRegistry).sort()).toEqual(classes.map((type) => type.errorName).sort());
  });

  it('gives the HTTP mapper the registry status and the pipeline the same name, even after minification', () => {
    const error = new errors.LimitExceededError('Script token limit reached');
    expect(mapError(error).statusCode).toBe(errors.errorRegistry.LimitExceededError.status);
    expect(mapError(new errors.ProviderError('busy', 503)).statusCode).toBe(503);
    const minified = Object.assign(new errors.NotFoundError('gone'), { name: 'e' });
    expect((withStableName(minified) as Error).name).toBe('NotFoundError');
  });

  it('lets MarkFailed show only messages written for the user', () => {
    expect(failureMessage({ Error: 'VideoInputError', Cause: 'A clip was deleted' })).toBe('A clip was deleted');
    expect(failureMessage({ Error: 'TypeError', Cause: 'x is undefined' })).toBe(genericFailureMessage);
  });
});
