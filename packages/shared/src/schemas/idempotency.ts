import { z } from 'zod';
import { messages } from '../messages.ts';

/** The longest `Idempotency-Key` accepted (docs/decisions/0020-lookup-idempotency.md). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** Printable ASCII only: what a header carries intact, never a control character. */
const VISIBLE_ASCII = /^(?=.*[\x21-\x7e])[\x20-\x7e]+$/;

const idempotencyKeyInvalid = messages.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX);

/**
 * The `Idempotency-Key` header of a request that spends money: optional; when sent, 1 to 255
 * printable ASCII characters (a UUID from crypto.randomUUID() fits). Header names are read in
 * lower case, as Node.js gives them.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: idempotencyKeyInvalid })
    .min(1, idempotencyKeyInvalid)
    .max(IDEMPOTENCY_KEY_MAX, idempotencyKeyInvalid)
    .regex(VISIBLE_ASCII, idempotencyKeyInvalid)
    .optional()
    .describe(
      'Uma chave por consulta (até 255 caracteres): a mesma chave com o mesmo corpo, em até 24 h, devolve a primeira resposta sem cobrar nem consultar de novo.',
    ),
});
