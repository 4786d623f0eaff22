import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Default zod messages in pt-BR, with 'Campo obrigatório' for anything missing.
 * Schemas that name their own message keep it. Call once at start, on the server and in the web.
 */
export function configureZod(): void {
  z.config(z.locales.ptBR());
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? messages.required : undefined,
  });
}
