import { messages } from '@painel/shared/messages';
import type { PublicUser } from '@painel/shared/schemas/user';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveModules } from '@/features/lookups/api/get-active-modules';
import { PurposeFields } from '@/features/lookups/components/purpose-fields';
import { useLookupAccess } from '@/features/lookups/hooks/use-lookup-access';
import { usePurposeChoice } from '@/features/lookups/hooks/use-purpose-choice';
import { useLotes } from '@/features/lotes/api/get-lotes';
import { useQuoteLote } from '@/features/lotes/api/quote-lote';
import { LoteDetail } from '@/features/lotes/components/lote-detail';
import { LoteList } from '@/features/lotes/components/lote-list';
import { batchModules, LoteUploadForm } from '@/features/lotes/components/lote-upload-form';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import { useSession } from '@/lib/session';

export function Component() {
  const session = useSession();
  if (!session) return null;
  return <LotesPage sessionUser={session.user} />;
}

/** Without active access there is no batch to run (the trial does not include them): where to get it. */
function TrialNotice() {
  return (
    <Alert>
      <Lock aria-hidden="true" />
      <AlertTitle>{lotesMessages.trialNotice}</AlertTitle>
      <AlertDescription>
        <p>{messages.loteTrialNotAllowed}</p>
        <Button asChild size="sm" className="mt-2">
          <Link to="/planos">Ver planos e créditos</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function NewLote({ userId, onQuoted }: { userId: number; onQuoted: (id: number) => void }) {
  const modules = useActiveModules();
  const purposes = usePurposeChoice(userId);
  const quote = useQuoteLote();
  if (modules.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Carregando módulos">
        <Skeleton className="h-10" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (modules.isError && !modules.data) {
    return (
      <LoadErrorAlert
        title="Não foi possível carregar os módulos."
        error={modules.error}
        onRetry={() => void modules.refetch()}
      />
    );
  }
  return (
    <LoteUploadForm
      modules={batchModules(modules.data ?? [])}
      purposeFields={<PurposeFields purposes={purposes} />}
      purposeRequired={purposes.required}
      initialPurposeId={purposes.initialId}
      busy={quote.isPending}
      onSubmit={async (request) => onQuoted((await quote.mutateAsync(request)).id)}
    />
  );
}

/** Batch lookups (docs/product/lotes.md): send a file, read its quote, confirm, follow it, download. */
function LotesPage({ sessionUser }: { sessionUser: PublicUser }) {
  const access = useLookupAccess(sessionUser);
  const lotes = useLotes();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('lote'));
  const open = lotes.data?.find((lote) => lote.id === openId);
  const show = (id: number | null) =>
    setParams(id === null ? {} : { lote: String(id) }, { replace: id === null });

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight">Lotes</h1>
      </div>
      <p className="-mt-3 max-w-prose text-sm text-muted-foreground">
        Consulte muitas entradas de uma vez: envie um arquivo ou cole uma coluna, confira a cotação e só então
        confirme. Só as linhas consultadas com sucesso são cobradas.
      </p>

      {open ? (
        <LoteDetail key={open.id} lote={open} onClose={() => show(null)} />
      ) : access.inTrial ? (
        <TrialNotice />
      ) : (
        <section
          aria-labelledby="new-lote-title"
          className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
        >
          <h2 id="new-lote-title" className="font-semibold">
            Novo lote
          </h2>
          <NewLote userId={sessionUser.id} onQuoted={show} />
        </section>
      )}

      <section aria-labelledby="lote-list-title" className="grid gap-3">
        <h2 id="lote-list-title" className="font-semibold">
          Meus lotes
        </h2>
        {lotes.isError && !lotes.data ? (
          <LoadErrorAlert
            title={lotesMessages.loadFailed}
            error={lotes.error}
            onRetry={() => void lotes.refetch()}
          />
        ) : (
          <LoteList
            lotes={lotes.data}
            loading={lotes.isPending}
            userId={sessionUser.id}
            onOpen={(lote) => {
              show(lote.id);
              window.scrollTo?.({ top: 0, behavior: 'smooth' });
            }}
          />
        )}
      </section>
    </div>
  );
}
