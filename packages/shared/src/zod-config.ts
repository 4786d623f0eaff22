import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Default zod messages in pt-BR, with 'Campo obrigatório' for anything missing and 'Por favor, insira
 * um valor válido' for a value of the wrong kind (the library's own text would read 'esperava um
 * número, recebeu um valor "NaN"' for ?page=abc). Schemas that name their own message keep it. Call
 * once at start, on the server and in the web.
 */
export function configureZod(): void {
  z.config(z.locales.ptBR());
  z.config({
    customError: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      return issue.input === undefined ? messages.required : messages.invalidValue;
    },
  });
}
