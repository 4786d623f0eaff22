import { z } from 'zod';
import { messages } from '../messages.ts';

/** Body of every error response (decisions.md §3). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  errorType: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Emails are compared and stored lower-case and trimmed. */
export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.tooLong(254))
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const requiredText = (max = 200) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max));
