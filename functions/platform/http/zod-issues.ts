import type { z } from 'zod';
import { ValidationError } from '../../core/errors';

export interface IssueDetail {
  path: string;
  message: string;
}

const genericMessage = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/** A zod failure as a user can read it: our own messages as written, zod's defaults with the field named. */
export function describeIssues(error: z.ZodError): { message: string; details: IssueDetail[] } {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const message = path && genericMessage.test(issue.message) ? `${path}: ${issue.message}` : issue.message;
    return { path, message };
  });
  return { message: details[0]?.message ?? 'Invalid request', details };
}

/** The value as `schema` reads it, or a 400 naming the first problem (and all of them in `details`). */
export function parseOrRefuse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, details } = describeIssues(result.error);
    throw new ValidationError(message, details);
  }
  return result.data;
}
