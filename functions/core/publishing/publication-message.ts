import { z } from 'zod';

/** One hand-over to the publication worker (an SQS message body in the cloud): the publication it names. */
export const publicationMessageSchema = z.object({ userId: z.string().min(1).max(100), id: z.string().min(1).max(100) }).strict();
