import { z } from 'zod';

/** The answer of a call with nothing else to say (`thenSays` in platform/http/endpoint.ts): `{ message }`. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
