import { messages } from '@painel/shared/messages';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { Coins, FlaskConical, Gauge } from 'lucide-react';

import { ToneBadge } from '@/components/ui/tone-badge';
import { formatCredits } from '@/lib/format';

interface LookupCountersProps {
  module: ModuleView;
  inTrial: boolean;
  trialRemaining: number | null;
  creditos: number | null;
}

const count = (value: number) => value.toLocaleString('pt-BR');

/**
 * The counters of the query screen (docs/product/lookups.md#query-screen): 'TESTES: n restantes' in trial; the 24 h
 * limit of a quantity module with access; the credits of a credit module.
 */
export function LookupCounters({ module, inTrial, trialRemaining, creditos }: LookupCountersProps) {
  if (inTrial) {
    return (
      <ToneBadge
        tone={trialRemaining !== null && trialRemaining <= 0 ? 'red' : 'blue'}
        className="text-sm whitespace-normal"
      >
        <FlaskConical aria-hidden="true" />
        TESTES: {trialRemaining === null ? '–' : count(Math.max(0, trialRemaining))} restantes
      </ToneBadge>
    );
  }
  if (module.tipo_limite === 'quantidade') {
    const used = module.usado ?? 0;
    const limit = module.limite;
    return (
      <ToneBadge tone="grey" className="text-sm whitespace-normal">
        <Gauge aria-hidden="true" />
        {limit === null || limit === undefined
          ? `Limite ${messages.quotaWindow}: ${count(used)} usadas (ilimitado)`
          : `Limite ${messages.quotaWindow}: ${count(used)}/${count(limit)} (${count(Math.max(0, limit - used))} disponíveis)`}
      </ToneBadge>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <ToneBadge tone="grey" className="text-sm whitespace-normal">
        <Coins aria-hidden="true" />
        Créditos: {creditos === null ? '–' : formatCredits(creditos)}
      </ToneBadge>
      <ToneBadge tone="grey" className="text-sm whitespace-normal">
        Custo: {formatCredits(module.preco_por_consulta)} crédito(s) por consulta
      </ToneBadge>
    </div>
  );
}
