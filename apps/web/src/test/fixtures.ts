import type { PublicUser } from '@painel/shared/schemas/user';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    nome: 'Maria Teste',
    email: 'maria@exemplo.com',
    tipo: 'usuario',
    creditos: 12.5,
    dias_ativos: 0,
    data_expiracao: null,
    data_criacao: '2026-01-01T12:00:00.000Z',
    ativo: true,
    banido: false,
    motivo_banimento: null,
    whatsapp_contato: null,
    telegram_contato: null,
    revendedor_id: null,
    modulos: {},
    active_subscription: null,
    revendedor: null,
    ...overrides,
  };
}
