import { z } from 'zod';

export const ROLES = ['usuario', 'revendedor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  usuario: 'Usuário',
  revendedor: 'Revendedor',
  admin: 'Administrador',
};

export const activeSubscriptionSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  Plan: z.object({ name: z.string() }),
});
export type ActiveSubscription = z.infer<typeof activeSubscriptionSchema>;

export const resellerContactSchema = z.object({
  nome: z.string(),
  email: z.string(),
  whatsapp_contato: z.string().nullable(),
  telegram_contato: z.string().nullable(),
});

export const userModuleLimitSchema = z.object({ limite: z.number().int().nullable() });

/**
 * A user as every response shows it. `creditos` is in credits (1 credit = R$ 1,00) with cents;
 * the password hash never appears here.
 */
export const publicUserSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  tipo: roleSchema,
  creditos: z.number(),
  dias_ativos: z.number(),
  data_expiracao: z.string().nullable(),
  data_criacao: z.string(),
  ativo: z.boolean(),
  banido: z.boolean(),
  motivo_banimento: z.string().nullable(),
  whatsapp_contato: z.string().nullable(),
  telegram_contato: z.string().nullable(),
  revendedor_id: z.number().nullable(),
  modulos: z.record(z.string(), userModuleLimitSchema),
  active_subscription: activeSubscriptionSchema.nullable(),
  revendedor: resellerContactSchema.nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileResponseSchema = z.object({ user: publicUserSchema });
