import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { TitularLookup } from '@painel/shared/schemas/titulares';

import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { titularesMessages } from '@/features/titulares-admin/titulares-messages';
import { lookupStatusLabel, retentionStatus } from '@/features/titulares-admin/utils/titular-display';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A table from lg; below it each lookup is a card (same DOM, so tests and screen readers see one list). */
export function TitularLookupsTable({ lookups, now }: { lookups: TitularLookup[]; now: Date }) {
  return (
    <Table className="max-lg:block">
      <TableHeader className="max-lg:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Quando</TableHead>
          <TableHead>Quem consultou</TableHead>
          <TableHead>Módulo</TableHead>
          <TableHead>Finalidade</TableHead>
          <TableHead>Resultado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:grid max-lg:gap-3">
        {lookups.map((lookup) => (
          <LookupRow key={lookup.id} lookup={lookup} now={now} />
        ))}
      </TableBody>
    </Table>
  );
}

const label = 'text-muted-foreground lg:hidden';

function LookupRow({ lookup, now }: { lookup: TitularLookup; now: Date }) {
  const retention = retentionStatus(lookup.resultado_expira_em, now);
  const when = formatDateTime(lookup.data);
  return (
    <TableRow
      aria-label={`${when} · ${lookup.User.nome} · ${lookup.Modulo.nome}`}
      className="bg-card align-top max-lg:grid max-lg:gap-y-1.5 max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
    >
      <TableCell className="tabular-nums max-lg:font-medium lg:whitespace-nowrap">
        <time dateTime={lookup.data}>{when}</time>
        {lookup.status !== 'sucesso' && (
          <Badge variant="outline" className="ml-2 lg:mt-1 lg:ml-0 lg:flex lg:w-fit">
            {lookupStatusLabel(lookup.status)}
          </Badge>
        )}
      </TableCell>
      <TableCell className="whitespace-normal lg:max-w-60">
        <span className={label}>Quem: </span>
        <span className="font-medium [overflow-wrap:anywhere]">{lookup.User.nome}</span>
        <span className="block text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {lookup.User.email}
        </span>
      </TableCell>
      <TableCell className="whitespace-normal max-lg:text-sm lg:max-w-48">
        <span className={label}>Módulo: </span>
        <span className="[overflow-wrap:anywhere]">{lookup.Modulo.nome}</span>
      </TableCell>
      <TableCell className="whitespace-normal max-lg:text-sm lg:max-w-64">
        <span className={label}>Finalidade: </span>
        {lookup.finalidade ? (
          <>
            <span>{lookup.finalidade.nome}</span>
            <span className="block text-muted-foreground">
              {legalBasisText(lookup.finalidade.base_legal)}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground italic">{titularesMessages.noPurpose}</span>
        )}
      </TableCell>
      <TableCell className="max-lg:border-t max-lg:pt-1.5! max-lg:text-sm lg:whitespace-nowrap">
        <span className={label}>Resultado: </span>
        <span className={cn(retention.state !== 'kept' && 'text-muted-foreground')}>{retention.text}</span>
      </TableCell>
    </TableRow>
  );
}
