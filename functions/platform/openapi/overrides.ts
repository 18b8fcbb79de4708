import { languageCodes, storedLanguageSchema } from '../../contract/languages';
import { answeredAs } from './json-schema';

/**
 * The answers' schemas that zod cannot convert, said by hand (docs/decisions/openapi.md lists them):
 * - `storedLanguageSchema` reads any stored value (older records: none) and answers a supported code.
 */
export function registerAnswerOverrides(): void {
  answeredAs(storedLanguageSchema, { type: 'string', enum: [...languageCodes] });
}
