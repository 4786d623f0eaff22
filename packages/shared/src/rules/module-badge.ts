/**
 * The badge of a module card and whether the card opens (docs/product/lookups.md#card-badges).
 *
 * Priority: MANUTENÇÃO; in trial, TESTE or 'LIMITE TRIAL EXCEDIDO'; SEM ACESSO (quantity module
 * with a zero limit); LIMITE EXCEDIDO (used at or above the limit); CRÉDITOS INSUFICIENTES
 * (credits below the price); else ONLINE or OFFLINE by ativo.
 *
 * A card does not open in maintenance, when the trial is used up, without quota, with the 24 h
 * limit reached or without enough credits: each of those lookups would be refused by the server
 * (docs/product/lookups.md#running-a-lookup), so the card says why instead. A credit module never opens in trial (the
 * dashboard hides them; this keeps a stray one shut). OFFLINE cards do not open either: the server
 * answers 404 for an inactive module.
 */
export const MODULE_BADGES = [
  'MANUTENÇÃO',
  'TESTE',
  'LIMITE TRIAL EXCEDIDO',
  'SEM ACESSO',
  'LIMITE EXCEDIDO',
  'CRÉDITOS INSUFICIENTES',
  'ONLINE',
  'OFFLINE',
] as const;
export type ModuleBadge = (typeof MODULE_BADGES)[number];

export interface BadgeModule {
  ativo: boolean;
  manutencao: boolean;
  tipo_limite: 'quantidade' | 'creditos';
  preco_por_consulta: number;
  /** 24 h uses of a quantity module. */
  usado?: number;
  /** 24 h limit of a quantity module; null = unlimited. */
  limite?: number | null;
}

export interface BadgeViewer {
  /** No active access: trial mode. */
  inTrial: boolean;
  /** Tests left; null while unknown (not yet loaded), which does not block. */
  trialRemaining: number | null;
  /** Available credits; null while unknown. */
  creditos: number | null;
}

export interface ModuleCardState {
  badge: ModuleBadge;
  clickable: boolean;
}

export function moduleCardState(module: BadgeModule, viewer: BadgeViewer): ModuleCardState {
  if (module.manutencao) return { badge: 'MANUTENÇÃO', clickable: false };

  if (viewer.inTrial) {
    if (viewer.trialRemaining !== null && viewer.trialRemaining <= 0) {
      return { badge: 'LIMITE TRIAL EXCEDIDO', clickable: false };
    }
    return { badge: 'TESTE', clickable: module.tipo_limite === 'quantidade' && module.ativo };
  }

  if (module.tipo_limite === 'quantidade') {
    const limit = module.limite;
    if (limit === 0) return { badge: 'SEM ACESSO', clickable: false };
    if (limit !== null && limit !== undefined && (module.usado ?? 0) >= limit) {
      return { badge: 'LIMITE EXCEDIDO', clickable: false };
    }
  } else if (viewer.creditos !== null && viewer.creditos < module.preco_por_consulta) {
    return { badge: 'CRÉDITOS INSUFICIENTES', clickable: false };
  }

  return module.ativo ? { badge: 'ONLINE', clickable: true } : { badge: 'OFFLINE', clickable: false };
}

export type UsageLevel = 'green' | 'yellow' | 'red';

/** Usage bar colour (docs/product/users.md#module-limits): red at 90 % or more, yellow at 70 % or more, green below. */
export function usageLevel(used: number, limit: number | null | undefined): UsageLevel {
  if (limit === null || limit === undefined) return 'green';
  if (limit <= 0) return 'red';
  const percent = (used / limit) * 100;
  if (percent >= 90) return 'red';
  if (percent >= 70) return 'yellow';
  return 'green';
}

/** Share of the limit used, 0 to 1 (unlimited: 0). */
export function usageFraction(used: number, limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return 0;
  if (limit <= 0) return 1;
  return Math.min(1, Math.max(0, used / limit));
}
