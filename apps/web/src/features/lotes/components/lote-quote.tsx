import { messages } from '@painel/shared/messages';
import type { Lote } from '@painel/shared/schemas/lotes';
import { CircleAlert, LoaderCircle, Play } from 'lucide-react';
import { Link } from 'react-router';

import { FormErrorBox } from '@/components/form-error-box';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { loteCostText } from '@/features/lotes/utils/lote-display';
import { formatInteger } from '@/lib/format';

/** Why a quoted batch cannot start now, or null. */
export function quoteBlocker(lote: Pick<Lote, 'validas' | 'saldo_suficiente' | 'cobranca'>): string | null {
  if (lote.validas === 0) return messages.loteNoValidRows;
  if (!lote.saldo_suficiente) {
    return lote.cobranca === 'quantidade' ? messages.loteQuotaShort : messages.loteInsufficientCredits;
  }
  return null;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-muted/30 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          tone === 'bad' ? 'font-semibold text-destructive tabular-nums' : 'font-semibold tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}

interface LoteQuoteProps {
  lote: Lote;
  onConfirm: () => void;
  onDiscard: () => void;
  confirming: boolean;
  /** 'Descartar' is cancelling the quote on the server. */
  discarding?: boolean;
  /** The refused confirmation's (or discard's) reason. */
  error: string | null;
  /** The invalid rows could not be read (the list and the live events do not carry them). */
  invalidRowsFailed?: boolean;
}

/**
 * A quoted batch (docs/product/lotes.md): the lines read, the valid ones, the invalid ones with
 * their line and reason, what it costs at most (credits, or quota slots), and whether the balance
 * covers it. Nothing has been reserved or charged yet. The invalid rows come with the quote's own
 * answer or GET /lotes/{id} (LoteDetail reads it); until they do, their count is `linhas - validas`.
 */
export function LoteQuote({
  lote,
  onConfirm,
  onDiscard,
  confirming,
  discarding = false,
  error,
  invalidRowsFailed = false,
}: LoteQuoteProps) {
  const blocker = quoteBlocker(lote);
  const invalidCount = Math.max(0, lote.linhas - lote.validas);
  const invalidRows = lote.invalidas;
  const busy = confirming || discarding;
  const costLabel = lote.cobranca === 'quantidade' ? 'Usa até' : 'Custo máximo';
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Linhas" value={formatInteger(lote.linhas)} />
        <Figure label="Válidas" value={formatInteger(lote.validas)} />
        <Figure
          label="Inválidas"
          value={formatInteger(invalidCount)}
          tone={invalidCount > 0 ? 'bad' : undefined}
        />
        <Figure label={costLabel} value={loteCostText(lote)} />
      </dl>
      <p className="text-sm text-muted-foreground">
        {lote.cobranca === 'quantidade'
          ? 'Cada linha consultada com sucesso usa uma consulta da cota de 24 h do módulo.'
          : 'Só as linhas consultadas com sucesso são cobradas; as que falharem não custam nada.'}
      </p>

      {invalidCount > 0 && !invalidRows && (
        <p className="text-sm text-muted-foreground" role={invalidRowsFailed ? 'alert' : 'status'}>
          {invalidRowsFailed
            ? 'Não foi possível carregar as linhas inválidas.'
            : 'Carregando as linhas inválidas...'}
        </p>
      )}

      {invalidRows && invalidRows.length > 0 && (
        <section aria-labelledby={`lote-${lote.id}-invalid`} className="grid gap-2">
          <h3 id={`lote-${lote.id}-invalid`} className="text-sm font-semibold">
            Linhas inválidas (não serão consultadas)
          </h3>
          <section
            className="max-h-64 overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, by keyboard too
            tabIndex={0}
            aria-label="Linhas inválidas: tabela com rolagem"
          >
            <Table>
              <TableHeader className="sticky top-0 bg-card">
                <TableRow>
                  <TableHead className="w-20">Linha</TableHead>
                  <TableHead>Erro</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invalidRows.map((row) => (
                  <TableRow key={row.linha}>
                    <TableCell className="tabular-nums">{row.linha}</TableCell>
                    <TableCell className="whitespace-normal">{row.erro}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        </section>
      )}

      {blocker && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{blocker}</AlertTitle>
          {lote.validas > 0 && (
            <AlertDescription>
              <Link to="/planos" className="font-medium underline underline-offset-4">
                Comprar créditos ou assinar um plano
              </Link>
            </AlertDescription>
          )}
        </Alert>
      )}

      <FormErrorBox message={error} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDiscard} disabled={busy}>
          {discarding && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {discarding ? 'Descartando...' : 'Descartar'}
        </Button>
        <Button type="button" onClick={onConfirm} disabled={busy || blocker !== null}>
          {confirming ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {confirming ? 'Iniciando...' : 'Confirmar e iniciar'}
        </Button>
      </div>
    </div>
  );
}
