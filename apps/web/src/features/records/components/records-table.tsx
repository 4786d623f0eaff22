import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { ProcessingRecord } from '@painel/shared/schemas/records';

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { resellerEntry } from '@/features/records/utils/records-pdf';
import { formatInteger, NO_VALUE } from '@/lib/format';

/** A table from lg; below it each row is a card (same DOM, so tests and screen readers see one list). */
export function RecordsTable({ records }: { records: ProcessingRecord[] }) {
  return (
    <Table className="max-lg:block">
      <TableHeader className="max-lg:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Módulo</TableHead>
          <TableHead>Finalidade</TableHead>
          <TableHead>Base legal</TableHead>
          <TableHead className="text-right">Consultas</TableHead>
          <TableHead className="text-right">Usuários</TableHead>
          <TableHead>Revendedores</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:grid max-lg:gap-3">
        {records.map((record) => (
          <RecordRow key={`${record.modulo}\u0000${record.finalidade_id}`} record={record} />
        ))}
      </TableBody>
    </Table>
  );
}

const label = 'text-muted-foreground lg:hidden';

function RecordRow({ record }: { record: ProcessingRecord }) {
  return (
    <TableRow
      aria-label={`${record.modulo} · ${record.finalidade}`}
      className="bg-card align-top max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-3 max-lg:gap-y-1.5 max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
    >
      <TableCell className="font-medium whitespace-normal max-lg:col-span-2 lg:max-w-56">
        <span className="[overflow-wrap:anywhere]">{record.modulo}</span>
      </TableCell>
      <TableCell className="whitespace-normal max-lg:col-span-2 lg:max-w-56">
        <span className={record.finalidade_id === null ? 'text-muted-foreground italic' : undefined}>
          {record.finalidade}
        </span>
      </TableCell>
      <TableCell className="whitespace-normal max-lg:col-span-2 max-lg:text-sm lg:max-w-64">
        <span className={label}>Base legal: </span>
        {record.base_legal === null ? NO_VALUE : legalBasisText(record.base_legal)}
      </TableCell>
      <TableCell className="tabular-nums max-lg:text-sm lg:text-right">
        <span className={label}>Consultas: </span>
        {formatInteger(record.consultas)}
      </TableCell>
      <TableCell className="tabular-nums max-lg:text-sm lg:text-right">
        <span className={label}>Usuários: </span>
        {formatInteger(record.usuarios)}
      </TableCell>
      <TableCell className="whitespace-normal max-lg:col-span-2 max-lg:border-t max-lg:pt-1.5! max-lg:text-sm">
        <span className={label}>Revendedores:</span>
        <ul className="grid gap-0.5">
          {record.revendedores.map((reseller) => (
            <li key={reseller.revendedor_id ?? 'direto'} className="[overflow-wrap:anywhere]">
              {resellerEntry(reseller)}
            </li>
          ))}
        </ul>
      </TableCell>
    </TableRow>
  );
}
