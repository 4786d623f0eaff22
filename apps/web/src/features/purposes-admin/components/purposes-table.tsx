import type { Purpose } from '@painel/shared/schemas/finalidades';
import { Pencil } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ToneBadge } from '@/components/ui/tone-badge';
import { DeletePurposeButton } from '@/features/purposes-admin/components/delete-purpose-button';
import { legalBasisOption } from '@/features/purposes-admin/utils/legal-basis-option';

interface PurposesTableProps {
  purposes: Purpose[];
  onEdit: (purpose: Purpose) => void;
  onToggle: (purpose: Purpose, ativo: boolean) => void;
}

/** A table from lg; below it each row is a card (same DOM, so tests and screen readers see one list). */
export function PurposesTable({ purposes, onEdit, onToggle }: PurposesTableProps) {
  return (
    <Table className="max-lg:block lg:min-w-[48rem]">
      <TableHeader className="max-lg:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Finalidade</TableHead>
          <TableHead>Base legal (LGPD)</TableHead>
          <TableHead>Permite menores</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:grid max-lg:gap-3">
        {purposes.map((purpose) => (
          <PurposeRow key={purpose.id} purpose={purpose} onEdit={onEdit} onToggle={onToggle} />
        ))}
      </TableBody>
    </Table>
  );
}

interface PurposeRowProps {
  purpose: Purpose;
  onEdit: (purpose: Purpose) => void;
  onToggle: (purpose: Purpose, ativo: boolean) => void;
}

function PurposeRow({ purpose, onEdit, onToggle }: PurposeRowProps) {
  const activeId = useId();
  return (
    <TableRow
      data-purpose-id={purpose.id}
      aria-label={purpose.nome}
      className="bg-card max-lg:grid max-lg:grid-cols-[1fr_auto] max-lg:gap-y-1.5 max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
    >
      <TableCell className="font-medium whitespace-normal max-lg:col-span-2 max-lg:row-start-1 max-lg:min-w-0 lg:max-w-72">
        <span className="[overflow-wrap:anywhere]">{purpose.nome}</span>
      </TableCell>
      <TableCell className="whitespace-normal max-lg:col-span-2 max-lg:row-start-2 max-lg:text-sm">
        {legalBasisOption(purpose.base_legal)}
      </TableCell>
      <TableCell className="max-lg:col-span-2 max-lg:row-start-3 max-lg:flex max-lg:items-center max-lg:gap-2 max-lg:text-sm">
        <span className="text-muted-foreground lg:hidden">Permite menores:</span>
        <ToneBadge tone={purpose.permite_menores ? 'yellow' : 'grey'}>
          {purpose.permite_menores ? 'Sim' : 'Não'}
        </ToneBadge>
      </TableCell>
      <TableCell className="max-lg:col-start-1 max-lg:row-start-4 max-lg:mt-1 max-lg:border-t max-lg:pt-1!">
        <div className="flex items-center gap-2">
          <Switch
            id={activeId}
            checked={purpose.ativo}
            onCheckedChange={(ativo) => onToggle(purpose, ativo)}
            aria-label={`Finalidade ativa: ${purpose.nome}`}
          />
          <Label htmlFor={activeId} className="w-12 text-xs font-normal">
            {purpose.ativo ? 'Ativa' : 'Inativa'}
          </Label>
        </div>
      </TableCell>
      <TableCell className="max-lg:col-start-2 max-lg:row-start-4 max-lg:mt-1 max-lg:border-t max-lg:pt-1!">
        <div className="flex items-center justify-end">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Editar"
            title="Editar"
            onClick={() => onEdit(purpose)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <DeletePurposeButton purpose={purpose} />
        </div>
      </TableCell>
    </TableRow>
  );
}
