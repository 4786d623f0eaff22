import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { LookupPurpose } from '@painel/shared/schemas/finalidades';

interface ResultPurposeProps {
  purpose: LookupPurpose | null | undefined;
  justification?: string | null;
  className?: string;
}

/**
 * Why the lookup was run (docs/product/purposes.md): the purpose, its legal basis and the user's
 * justification. A lookup from before purposes shows nothing.
 */
export function ResultPurpose({ purpose, justification, className }: ResultPurposeProps) {
  if (!purpose && !justification) return null;
  return (
    <section aria-label="Finalidade da consulta" className={className}>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {purpose && (
          <>
            <dt className="text-muted-foreground">Finalidade</dt>
            <dd className="font-medium break-words">{purpose.nome}</dd>
            <dt className="text-muted-foreground">Base legal</dt>
            <dd className="break-words">{legalBasisText(purpose.base_legal)}</dd>
          </>
        )}
        {justification && (
          <>
            <dt className="text-muted-foreground">Justificativa</dt>
            <dd className="break-words whitespace-pre-line">{justification}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
