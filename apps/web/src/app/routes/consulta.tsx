import { messages } from '@painel/shared/messages';
import type { LookupPurpose } from '@painel/shared/schemas/finalidades';
import type { ModuleView } from '@painel/shared/schemas/modules';
import type { PublicUser } from '@painel/shared/schemas/user';
import { ArrowLeft, FlaskConical, SearchX, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ModuleImage } from '@/components/module-image';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveModules } from '@/features/lookups/api/get-active-modules';
import { useRunLookup } from '@/features/lookups/api/run-lookup';
import { LookupCounters } from '@/features/lookups/components/lookup-counters';
import { LookupForm } from '@/features/lookups/components/lookup-form';
import { type LookupAccess, useLookupAccess } from '@/features/lookups/hooks/use-lookup-access';
import { usePurposeChoice } from '@/features/lookups/hooks/use-purpose-choice';
import type { LookupRequest } from '@/features/lookups/utils/lookup-form-schema';
import { rememberPurpose } from '@/features/lookups/utils/remembered-purpose';
import { ResultActions } from '@/features/results/components/result-actions';
import {
  MinorBadge,
  type ResultMasking,
  ResultMaskNotice,
} from '@/features/results/components/result-masking';
import { ResultPurpose } from '@/features/results/components/result-purpose';
import { ResultView } from '@/features/results/components/result-view';
import { useSession } from '@/lib/session';

export function Component() {
  const session = useSession();
  if (!session) return null;
  return <LookupPage sessionUser={session.user} />;
}

function BackButton() {
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Link>
    </Button>
  );
}

/** Why Consultar is blocked (docs/product/lookups.md#query-screen): credit module without a subscription, or no tests left. */
export function blockedReason(module: ModuleView, access: Pick<LookupAccess, 'inTrial' | 'trialRemaining'>) {
  if (!access.inTrial) return null;
  if (module.tipo_limite === 'creditos') return messages.trialNotForCreditModules;
  if (access.trialRemaining !== null && access.trialRemaining <= 0) return messages.trialNoneLeft;
  return null;
}

function LookupPage({ sessionUser }: { sessionUser: PublicUser }) {
  const params = useParams();
  const moduleId = Number(params.moduloId);
  const access = useLookupAccess(sessionUser);
  const modules = useActiveModules();
  const module = modules.data?.find((candidate) => candidate.id === moduleId);

  if (modules.isPending) {
    return (
      <div className="grid gap-6" role="status" aria-label="Carregando módulo">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (!module) {
    return (
      <div className="grid gap-6">
        <BackButton />
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
          <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
          <h1 className="font-semibold">
            {modules.isError ? 'Não foi possível carregar o módulo' : messages.moduleNotFound}
          </h1>
          <p className="text-sm text-muted-foreground">Volte ao painel e escolha outro serviço.</p>
        </div>
      </div>
    );
  }
  // A new module starts with an empty screen.
  return <ModuleLookup key={module.id} module={module} access={access} userId={sessionUser.id} />;
}

interface LookupResult {
  id: number;
  retorno: unknown;
  /** Masked, a minor's, revealable: as the answer said, or as the reveal did. */
  masking: ResultMasking;
  trial: boolean;
  aviso?: string;
  issuedAt: Date;
  purpose: LookupPurpose | null;
  justification: string | null;
}

function ModuleLookup({
  module,
  access,
  userId,
}: {
  module: ModuleView;
  access: LookupAccess;
  userId: number;
}) {
  const run = useRunLookup();
  const purposes = usePurposeChoice(userId);
  const [result, setResult] = useState<LookupResult | null>(null);
  const [formKey, setFormKey] = useState(0);
  const resultRef = useRef<HTMLElement>(null);
  const blocked = blockedReason(module, access);
  const fields = module.campos_entrada;

  const submit = async ({ input, finalidade_id, justificativa }: LookupRequest) => {
    const answer = await run.mutateAsync({
      modulo_id: module.id,
      input,
      ...(finalidade_id === null ? {} : { finalidade_id }),
      ...(justificativa === null ? {} : { justificativa }),
    });
    // The next lookup, here or on another module, starts with this purpose.
    rememberPurpose(userId, finalidade_id);
    const purpose = purposes.list?.find((candidate) => candidate.id === finalidade_id);
    setResult({
      id: answer.id,
      retorno: answer.retorno,
      masking: {
        mascarado: answer.mascarado,
        menor_de_idade: answer.menor_de_idade,
        revelavel: answer.revelavel,
      },
      trial: answer.trial,
      aviso: answer.aviso,
      issuedAt: new Date(),
      purpose: purpose ? { id: purpose.id, nome: purpose.nome, base_legal: purpose.base_legal } : null,
      justification: justificativa,
    });
  };

  useEffect(() => {
    if (result) resultRef.current?.focus({ preventScroll: true });
    if (result) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [result]);

  const clear = () => {
    setResult(null);
    setFormKey((key) => key + 1);
  };

  return (
    <div className="grid min-w-0 gap-6">
      <BackButton />

      <header className="flex flex-wrap items-start gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <ModuleImage module={module} className="size-14" />
        <div className="grid min-w-0 flex-1 gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{module.nome}</h1>
          <p className="text-sm text-muted-foreground">{module.descricao}</p>
          <LookupCounters
            module={module}
            inTrial={access.inTrial}
            trialRemaining={access.trialRemaining}
            creditos={access.creditos}
          />
        </div>
      </header>

      <section
        aria-labelledby="lookup-form-title"
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      >
        <h2 id="lookup-form-title" className="font-semibold">
          Dados da consulta
        </h2>
        {fields.length === 0 && (
          <p className="text-sm text-muted-foreground">Este módulo não pede dados: clique em Consultar.</p>
        )}
        <LookupForm
          key={formKey}
          fields={fields}
          purposes={purposes}
          onSubmit={submit}
          busy={run.isPending}
          blockedReason={blocked}
        />
      </section>

      {result && (
        <section
          ref={resultRef}
          tabIndex={-1}
          aria-labelledby="result-title"
          className="grid min-w-0 scroll-mt-24 gap-4 outline-none"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="result-title" className="text-xl font-semibold">
                Resultado
              </h2>
              <MinorBadge masking={result.masking} />
            </div>
            <ResultActions
              retorno={result.retorno}
              info={{
                moduleName: module.nome,
                issuedAt: result.issuedAt,
                purpose: result.purpose,
                justification: result.justification,
              }}
              onClear={clear}
            />
          </div>
          <ResultPurpose
            purpose={result.purpose}
            justification={result.justification}
            className="rounded-xl border bg-card p-4 shadow-sm"
          />
          {result.trial && (
            <Alert className="border-blue-500/30 bg-blue-500/10">
              <FlaskConical aria-hidden="true" />
              <AlertDescription className="text-foreground">
                {result.aviso ?? messages.trialResultNote}
              </AlertDescription>
            </Alert>
          )}
          <ResultMaskNotice
            lookupId={result.id}
            masking={result.masking}
            onRevealed={(detail) =>
              setResult({
                ...result,
                retorno: detail.retorno,
                masking: { mascarado: false, menor_de_idade: detail.menor_de_idade, revelavel: false },
              })
            }
          />
          <ResultView retorno={result.retorno} />

          <section
            aria-labelledby="quick-lookup-title"
            className="grid gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5"
          >
            <h2 id="quick-lookup-title" className="flex items-center gap-2 font-semibold">
              <Zap className="size-4 text-primary" aria-hidden="true" />
              Nova Consulta Rápida
            </h2>
            <LookupForm
              fields={fields}
              purposes={purposes}
              onSubmit={submit}
              busy={run.isPending}
              blockedReason={blocked}
              compact
            />
          </section>
        </section>
      )}
    </div>
  );
}
