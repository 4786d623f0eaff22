import { messages } from '@painel/shared/messages';
import {
  type ModuleBadge,
  moduleCardState,
  usageFraction,
  usageLevel,
} from '@painel/shared/rules/module-badge';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ModuleImage } from '@/components/module-image';
import { type Tone, ToneBadge } from '@/components/ui/tone-badge';
import { formatInteger } from '@/lib/format';
import { cn } from '@/lib/utils';

const badgeTones: Record<ModuleBadge, Tone> = {
  MANUTENÇÃO: 'yellow',
  TESTE: 'blue',
  'LIMITE TRIAL EXCEDIDO': 'red',
  'SEM ACESSO': 'grey',
  'LIMITE EXCEDIDO': 'red',
  'CRÉDITOS INSUFICIENTES': 'orange',
  ONLINE: 'green',
  OFFLINE: 'grey',
};

const barColours = { green: 'bg-emerald-500', yellow: 'bg-amber-500', red: 'bg-red-500' } as const;

export interface ModuleViewer {
  inTrial: boolean;
  trialRemaining: number | null;
  creditos: number | null;
}

const wholeCredits = (price: number) => {
  const credits = Math.round(price);
  return `${credits.toLocaleString('pt-BR')} ${credits === 1 ? 'crédito' : 'créditos'}`;
};

const exactCredits = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function CardFooterInfo({ module, viewer }: { module: ModuleView; viewer: ModuleViewer }) {
  if (module.tipo_limite === 'creditos') {
    const price = module.preco_por_consulta;
    // product.md: the badge rounds to whole credits; the exact price sits beside it when it differs.
    return (
      <p className="text-sm font-medium">
        {wholeCredits(price)} por consulta
        {!Number.isInteger(price) && (
          <span className="font-normal text-muted-foreground"> (exatos {exactCredits.format(price)})</span>
        )}
      </p>
    );
  }
  if (viewer.inTrial) {
    const usedUp = viewer.trialRemaining !== null && viewer.trialRemaining <= 0;
    return (
      <p className="text-sm text-muted-foreground">
        {usedUp ? 'Testes gratuitos esgotados' : 'Teste gratuito disponível'}
      </p>
    );
  }
  const used = module.usado ?? 0;
  const limit = module.limite;
  if (limit === 0)
    return <p className="text-sm text-muted-foreground">Sem acesso a este módulo no seu plano</p>;
  if (limit === null || limit === undefined) {
    return (
      <p className="text-sm text-muted-foreground">
        Uso {messages.quotaWindow}: {formatInteger(used)} (ilimitado)
      </p>
    );
  }
  const level = usageLevel(used, limit);
  return (
    <div className="grid gap-1.5">
      <p className="flex justify-between text-sm text-muted-foreground">
        <span>Uso {messages.quotaWindow}</span>
        <span className="font-medium text-foreground tabular-nums">
          {formatInteger(used)}/{formatInteger(limit)}
        </span>
      </p>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={`Uso ${messages.quotaWindow} de ${module.nome}`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        data-level={level}
      >
        <div
          className={cn('h-full rounded-full transition-[width]', barColours[level])}
          style={{ width: `${usageFraction(used, limit) * 100}%` }}
        />
      </div>
    </div>
  );
}

/** One module of the grid: image, name, description, badge, price or usage; opens the query screen when allowed. */
export function ModuleCard({ module, viewer }: { module: ModuleView; viewer: ModuleViewer }) {
  const { badge, clickable } = moduleCardState(module, viewer);
  const body = (
    <>
      <div className="flex items-start gap-3">
        <ModuleImage module={module} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-semibold leading-tight break-words">{module.nome}</h3>
            <ToneBadge tone={badgeTones[badge]}>{badge}</ToneBadge>
          </div>
          <p className="line-clamp-2 text-sm text-muted-foreground">{module.descricao}</p>
        </div>
      </div>
      <div className="mt-auto flex items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <CardFooterInfo module={module} viewer={viewer} />
        </div>
        {clickable && <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
      </div>
    </>
  );
  const frame = 'flex h-full flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm';

  if (!clickable) {
    return (
      <div
        className={cn(frame, 'opacity-70')}
        aria-disabled="true"
        data-testid="module-card"
        data-badge={badge}
      >
        {body}
      </div>
    );
  }
  return (
    <Link
      to={`/consulta/${module.id}`}
      aria-label={`${module.nome}: ${badge}`}
      data-testid="module-card"
      data-badge={badge}
      className={cn(
        frame,
        'outline-none transition-[border-color,box-shadow] hover:border-primary/50 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {body}
    </Link>
  );
}
