import { messages } from '@painel/shared/messages';
import { emailSchema, requiredText } from '@painel/shared/schemas/common';
import { type PublicUser, roleSchema } from '@painel/shared/schemas/user';
import {
  creditBalanceSchema,
  telegramContactText,
  type UpdateUserInput,
  updateUserSchema,
  userModulesSchema,
  whatsappContactText,
} from '@painel/shared/schemas/users-admin';
import { z } from 'zod';

import { toDateTimeLocal } from '@/features/users-admin/utils/user-display';

/**
 * The edit form of docs/product/users.md#edit-user. Fields hold what the inputs hold (text for the
 * expiry, the modules JSON and the responsible); the server's own schemas judge each value.
 */
export const editUserFormSchema = z
  .object({
    nome: requiredText(120),
    email: emailSchema,
    tipo: roleSchema,
    ativo: z.boolean(),
    banido: z.boolean(),
    motivo_banimento: z.string().max(500, messages.tooLong(500)),
    creditos: creditBalanceSchema,
    dias_ativos: updateUserSchema.shape.dias_ativos.unwrap(),
    data_expiracao: z
      .string()
      .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), messages.invalidDate),
    whatsapp_contato: whatsappContactText,
    telegram_contato: telegramContactText,
    /** Name, email or id of a revendedor or admin; '' clears it. Resolved when saving. */
    responsavel: z.string().trim().max(254, messages.tooLong(254)),
    modulos: z.string().superRefine((value, context) => {
      const parsed = userModulesSchema.safeParse(value);
      if (!parsed.success) {
        context.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? messages.invalidModulesJson,
        });
      }
    }),
    /** Sent only when at least 4 characters; empty keeps the current password. */
    senha: z.string().refine((value) => value === '' || value.length >= 4, messages.passwordMin4),
  })
  .refine((form) => !form.banido || form.motivo_banimento.trim() !== '', {
    message: messages.banReasonRequired,
    path: ['motivo_banimento'],
  });

export type EditUserForm = z.input<typeof editUserFormSchema>;
export type EditUserFormOutput = z.output<typeof editUserFormSchema>;
export type EditUserField = keyof EditUserForm;

export function userToForm(user: PublicUser): EditUserForm {
  return {
    nome: user.nome,
    email: user.email,
    tipo: user.tipo,
    ativo: user.ativo,
    banido: user.banido,
    motivo_banimento: user.motivo_banimento ?? '',
    creditos: user.creditos,
    dias_ativos: user.dias_ativos,
    data_expiracao: toDateTimeLocal(user.data_expiracao),
    whatsapp_contato: user.whatsapp_contato ?? '',
    telegram_contato: user.telegram_contato ?? '',
    responsavel: user.revendedor?.email ?? (user.revendedor_id === null ? '' : String(user.revendedor_id)),
    modulos: JSON.stringify(user.modulos, null, 2),
    senha: '',
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The PUT body: only what was changed, so a balance or expiry moved elsewhere meanwhile (a lookup,
 * a payment) is not written back. The ban reason goes only with a ban, else null; the password
 * only when typed; empty expiry and contacts become null. The responsible is resolved by the caller.
 */
export function formToUpdateBody(
  values: EditUserFormOutput,
  dirty: Partial<Record<EditUserField, unknown>>,
): Omit<UpdateUserInput, 'revendedor_id'> {
  const body: Omit<UpdateUserInput, 'revendedor_id'> = {};
  if (dirty.nome) body.nome = values.nome;
  if (dirty.email) body.email = values.email;
  if (dirty.tipo) body.tipo = values.tipo;
  if (dirty.ativo) body.ativo = values.ativo;
  if (dirty.banido || dirty.motivo_banimento) {
    body.banido = values.banido;
    body.motivo_banimento = values.banido ? values.motivo_banimento.trim() : null;
  }
  if (dirty.creditos) body.creditos = values.creditos;
  if (dirty.dias_ativos) body.dias_ativos = values.dias_ativos;
  if (dirty.data_expiracao) {
    body.data_expiracao = values.data_expiracao === '' ? null : new Date(values.data_expiracao).toISOString();
  }
  if (dirty.whatsapp_contato) body.whatsapp_contato = blankToNull(values.whatsapp_contato);
  if (dirty.telegram_contato) body.telegram_contato = blankToNull(values.telegram_contato);
  if (dirty.modulos) body.modulos = userModulesSchema.parse(values.modulos);
  if (values.senha !== '') body.senha = values.senha;
  return body;
}
