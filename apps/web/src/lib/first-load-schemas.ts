import { boolean, int, nullable, number, object, oneOf, optional, record, string } from '@/lib/shape';

/**
 * The packages/shared schemas that the first page needs, as small parsers (see lib/shape.ts for
 * why). first-load-schemas.test.ts fails the type check the moment a copy and its original
 * differ, and parses the same samples with both.
 */

/** publicUserSchema: the signed-in user as the panel stores and receives it. */
export const publicUserShape = object({
  id: number,
  nome: string,
  email: string,
  tipo: oneOf(['usuario', 'revendedor', 'admin']),
  creditos: number,
  dias_ativos: number,
  data_expiracao: nullable(string),
  data_criacao: string,
  ativo: boolean,
  banido: boolean,
  motivo_banimento: nullable(string),
  whatsapp_contato: nullable(string),
  telegram_contato: nullable(string),
  revendedor_id: nullable(number),
  modulos: record(object({ limite: nullable(int) })),
  active_subscription: nullable(
    object({
      id: number,
      plan_id: number,
      starts_at: string,
      ends_at: string,
      Plan: object({ name: string }),
    }),
  ),
  revendedor: nullable(
    object({
      nome: string,
      email: string,
      whatsapp_contato: nullable(string),
      telegram_contato: nullable(string),
    }),
  ),
});

/** authResponseSchema: the answer to a login. */
export const authResponseShape = object({ token: string, user: publicUserShape });

/** errorBodySchema: the body of every error response (docs/product/errors.md#error-body). */
export const errorBodyShape = object({
  error: string,
  code: string,
  errorType: optional(string),
  fields: optional(record(string)),
  retryAfterSeconds: optional(number),
});

/** captchaSchema */
export const captchaShape = object({ id: string, image: string });
