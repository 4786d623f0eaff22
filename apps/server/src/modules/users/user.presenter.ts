import { activeDaysLeft } from '@painel/shared/rules/access';
import type { PublicUser } from '@painel/shared/schemas/user';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type ActiveSubscriptionRow,
  findActiveSubscription,
  findUserWithReseller,
  type ResellerContact,
} from './public-user.repository.ts';

export function toPublicUser(
  user: UserRow,
  subscription: ActiveSubscriptionRow | null,
  responsible: ResellerContact | null,
  now: Date = new Date(),
): PublicUser {
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    tipo: user.tipo,
    creditos: user.creditosCents / 100,
    dias_ativos: activeDaysLeft(user.dataExpiracao, now),
    data_expiracao: user.dataExpiracao?.toISOString() ?? null,
    data_criacao: user.dataCriacao.toISOString(),
    ativo: user.ativo,
    banido: user.banido,
    motivo_banimento: user.motivoBanimento,
    whatsapp_contato: user.whatsappContato,
    telegram_contato: user.telegramContato,
    revendedor_id: user.revendedorId,
    modulos: user.modulos,
    active_subscription: subscription && {
      id: subscription.id,
      plan_id: subscription.planId,
      starts_at: subscription.startsAt.toISOString(),
      ends_at: subscription.endsAt.toISOString(),
      Plan: { name: subscription.planName },
    },
    revendedor: responsible && {
      nome: responsible.nome,
      email: responsible.email,
      whatsapp_contato: responsible.whatsappContato,
      telegram_contato: responsible.telegramContato,
    },
  };
}

/** A user as responses show it, or null when there is no such user. */
export async function loadPublicUser(db: Executor, userId: number): Promise<PublicUser | null> {
  const now = new Date();
  const [row, subscription] = await Promise.all([
    findUserWithReseller(db, userId),
    findActiveSubscription(db, userId, now),
  ]);
  if (!row) return null;
  return toPublicUser(row.user, subscription, row.reseller, now);
}
