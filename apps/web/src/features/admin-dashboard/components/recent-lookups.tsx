import { formatLookupInput } from '@painel/shared/rules/identifiers';
import { legalBasisText } from '@painel/shared/rules/legal-bases';
import { fieldLabel } from '@painel/shared/rules/result-display';
import { Ban, FileSearch, UserRoundSearch } from 'lucide-react';
import { Link } from 'react-router';
import { LookupKeyNote } from '@/components/api-key-facts';
import type { BanTarget } from '@/components/ban-user-dialog';
import { EmailText } from '@/components/email-text';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ToneBadge } from '@/components/ui/tone-badge';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import type { RecentLookup } from '@/features/admin-dashboard/api/get-recent-lookups';
import { formatDateTimeSeconds } from '@/lib/format';

function formatWhen(lookup: RecentLookup): string {
  return formatDateTimeSeconds(lookup.data ?? lookup.createdAt);
}

/** The input as it was typed: each value formatted by the type its field had (formatLookupInput). */
function inputSummary({ input, tipos_entrada: types }: RecentLookup): string {
  return Object.entries(input ?? {})
    .map(([key, value]) =>
      typeof value === 'string'
        ? `${fieldLabel(key)}: ${formatLookupInput(key, value, types?.[key])}`
        : `${fieldLabel(key)}: ${JSON.stringify(value)}`,
    )
    .join(' · ');
}

// Fixed outer columns, so the header row lines up with the rows below it.
const GRID = 'lg:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1.1fr)_5.5rem_13.5rem]';

interface RecentLookupsProps {
  lookups: RecentLookup[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The search the rows answer, if any: an empty answer says so. */
  searched?: string;
  /** The signed-in user: banning oneself is refused by the server, so the button is off. */
  selfId: number;
  onBan: (target: BanTarget) => void;
}

/** The 10 latest lookups, newest first, each with its purpose, 'Banir' and 'Ver Usuário' (docs/product/admin.md#admin-dashboard). */
export function RecentLookups({
  lookups,
  loading,
  failed,
  searched = '',
  selfId,
  onBan,
}: RecentLookupsProps) {
  if (loading) {
    return (
      <div className="grid gap-2 p-4" role="status" aria-label="Carregando consultas recentes">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  }
  if (failed && !lookups) {
    return (
      <p
        role="alert"
        className="m-4 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      >
        {adminDashboardMessages.recentFailed} Tentaremos de novo em instantes.
      </p>
    );
  }
  if (!lookups || lookups.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
        <FileSearch className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">
          {searched ? adminDashboardMessages.noMatch(searched) : adminDashboardMessages.noRecent}
        </p>
        <p className="text-sm text-muted-foreground">
          {searched
            ? 'Documentos, placas e telefones são encontrados com ou sem pontuação.'
            : 'As consultas aparecem aqui assim que forem feitas.'}
        </p>
      </div>
    );
  }
  return (
    <div>
      <div
        className={`hidden gap-4 border-b bg-muted px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid ${GRID}`}
        aria-hidden="true"
      >
        <span>Data/Hora</span>
        <span>Usuário</span>
        <span>Módulo</span>
        <span>Status</span>
        <span className="text-right">Ações</span>
      </div>
      <ul aria-label="Consultas recentes">
        {lookups.map((lookup) => {
          const user = lookup.User;
          const summary = inputSummary(lookup);
          return (
            <li
              key={lookup.id}
              data-testid="recent-lookup"
              data-lookup-id={lookup.id}
              className={`grid gap-2 border-b px-4 py-3 text-sm last:border-0 lg:items-center lg:gap-4 ${GRID}`}
            >
              <span className="text-xs text-muted-foreground tabular-nums lg:text-sm">
                <span className="sr-only">Data: </span>
                {formatWhen(lookup)}
              </span>
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{user?.nome ?? 'Usuário removido'}</span>
                {user && <EmailText email={user.email} className="text-xs text-muted-foreground" />}
              </div>
              <div className="grid min-w-0 gap-0.5">
                <span className="break-words">{lookup.Modulo?.nome ?? 'Módulo removido'}</span>
                {summary && (
                  <span className="font-mono text-xs break-all text-muted-foreground">{summary}</span>
                )}
                {lookup.finalidade && (
                  <span className="text-xs break-words">
                    <span className="text-muted-foreground">Finalidade: </span>
                    {lookup.finalidade.nome}
                    <span className="text-muted-foreground">
                      {' '}
                      · {legalBasisText(lookup.finalidade.base_legal)}
                    </span>
                  </span>
                )}
                {lookup.chave_api && <LookupKeyNote prefixo={lookup.chave_api} />}
              </div>
              <span className="flex flex-wrap items-center gap-1.5">
                {lookup.status === 'sucesso' ? (
                  <ToneBadge tone="green">Sucesso</ToneBadge>
                ) : (
                  <ToneBadge tone="red">Falha</ToneBadge>
                )}
                {lookup.trial && <ToneBadge tone="grey">Teste</ToneBadge>}
              </span>
              <div className="flex flex-wrap gap-2 lg:justify-end">
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={!user || lookup.usuario_id === selfId}
                  title={lookup.usuario_id === selfId ? adminDashboardMessages.cannotBanSelf : undefined}
                  aria-label={user ? `Banir ${user.nome}` : 'Banir'}
                  onClick={() => user && onBan({ id: lookup.usuario_id, nome: user.nome, email: user.email })}
                >
                  <Ban aria-hidden="true" />
                  Banir
                </Button>
                {user ? (
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={`/admin/usuarios?highlight=${lookup.usuario_id}`}
                      aria-label={`Ver Usuário ${user.nome}`}
                    >
                      <UserRoundSearch aria-hidden="true" />
                      Ver Usuário
                    </Link>
                  </Button>
                ) : (
                  <Button variant="outline" size="sm" disabled>
                    <UserRoundSearch aria-hidden="true" />
                    Ver Usuário
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
