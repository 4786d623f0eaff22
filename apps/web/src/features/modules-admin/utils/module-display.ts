import type { ModuleView } from '@painel/shared/schemas/modules';

export const limitTypeLabels: Record<ModuleView['tipo_limite'], string> = {
  quantidade: 'Por Quantidade',
  creditos: 'Por Créditos',
};

/** Credit modules: the price in whole credits (docs/product/modules.md#module-administration); quantity modules are 'Gratuito'. */
export function modulePriceLabel(module: Pick<ModuleView, 'tipo_limite' | 'preco_por_consulta'>): string {
  if (module.tipo_limite === 'quantidade') return 'Gratuito';
  const credits = Math.round(module.preco_por_consulta);
  return `${credits} ${credits === 1 ? 'crédito' : 'créditos'}`;
}

export function timeoutLabel(seconds: number): string {
  return `${seconds}s`;
}
