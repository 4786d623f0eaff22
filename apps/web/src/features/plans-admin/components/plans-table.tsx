import { durationLabel } from '@painel/shared/rules/plan-duration';
import type { Plan } from '@painel/shared/schemas/plans';
import { Pencil } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ToneBadge } from '@/components/ui/tone-badge';
import { DeletePlanButton } from '@/features/plans-admin/components/delete-plan-button';
import { PlanEditRow } from '@/features/plans-admin/components/plan-edit-row';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

interface PlansTableProps {
  plans: Plan[];
  /** Admin: the active switch, Editar and Deletar; reseller: read-only. */
  canManage: boolean;
  editingId: number | null;
  onEdit: (id: number | null) => void;
  onToggle: (plan: Plan, active: boolean) => void;
}

/** A table from lg; below it each row is a card (same DOM, so tests and screen readers see one list). */
export function PlansTable({ plans, canManage, editingId, onEdit, onToggle }: PlansTableProps) {
  const columns = canManage ? 6 : 5;
  return (
    <Table className="max-lg:block lg:min-w-[48rem]">
      <TableHeader className="max-lg:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Plano</TableHead>
          <TableHead>Preço</TableHead>
          <TableHead>Duração</TableHead>
          <TableHead>Acessos simultâneos</TableHead>
          <TableHead>Status</TableHead>
          {canManage && <TableHead className="text-right">Ações</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:grid max-lg:gap-3">
        {plans.map((plan) =>
          plan.id === editingId ? (
            <PlanEditRow key={plan.id} plan={plan} columns={columns} onDone={() => onEdit(null)} />
          ) : (
            <PlanRow key={plan.id} plan={plan} canManage={canManage} onEdit={onEdit} onToggle={onToggle} />
          ),
        )}
      </TableBody>
    </Table>
  );
}

interface PlanRowProps {
  plan: Plan;
  canManage: boolean;
  onEdit: (id: number) => void;
  onToggle: (plan: Plan, active: boolean) => void;
}

const MAX_BENEFITS_SHOWN = 3;

function PlanRow({ plan, canManage, onEdit, onToggle }: PlanRowProps) {
  const activeId = useId();
  const benefits = plan.metadata.benefits;
  const hidden = benefits.length - MAX_BENEFITS_SHOWN;

  return (
    <TableRow
      data-plan-id={plan.id}
      aria-label={plan.name}
      className="bg-card max-lg:grid max-lg:grid-cols-[1fr_auto] max-lg:gap-y-1.5 max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
    >
      <TableCell className="whitespace-normal max-lg:col-start-1 max-lg:row-start-1 max-lg:min-w-0 lg:max-w-80">
        <p className="font-medium [overflow-wrap:anywhere]">{plan.name}</p>
        {plan.description && <p className="line-clamp-2 text-xs text-muted-foreground">{plan.description}</p>}
        {benefits.length > 0 && (
          <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground" aria-label="Benefícios">
            {benefits.slice(0, MAX_BENEFITS_SHOWN).map((benefit, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: benefits are plain texts and may repeat
              <li key={index} className="flex gap-1.5 [overflow-wrap:anywhere]">
                <span aria-hidden="true">•</span>
                {benefit}
              </li>
            ))}
            {hidden > 0 && <li>+{hidden} benefício(s)</li>}
          </ul>
        )}
      </TableCell>
      <TableCell className="font-medium whitespace-nowrap tabular-nums max-lg:col-start-2 max-lg:row-start-1 max-lg:justify-self-end max-lg:pl-3!">
        {formatMoney(plan.price_cents)}
      </TableCell>
      <TableCell className="whitespace-nowrap max-lg:col-start-1 max-lg:row-start-2 max-lg:text-sm max-lg:text-muted-foreground">
        <span className="lg:hidden">Duração: </span>
        {durationLabel(plan.duration_value, plan.duration_unit)}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums max-lg:col-start-1 max-lg:row-start-3 max-lg:text-sm max-lg:text-muted-foreground">
        <span className="lg:hidden">Acessos simultâneos: </span>
        {plan.allowed_concurrent_ips}
      </TableCell>
      <TableCell
        className={cn(
          canManage
            ? 'max-lg:col-start-1 max-lg:row-start-4 max-lg:mt-1 max-lg:border-t max-lg:pt-1!'
            : 'max-lg:col-start-2 max-lg:row-start-2 max-lg:justify-self-end',
        )}
      >
        {canManage ? (
          <div className="flex items-center gap-2 max-lg:h-10">
            <Switch
              id={activeId}
              checked={plan.active}
              onCheckedChange={(active) => onToggle(plan, active)}
              aria-label={`Plano ativo: ${plan.name}`}
            />
            <Label htmlFor={activeId} className="w-12 text-xs font-normal">
              {plan.active ? 'Ativo' : 'Inativo'}
            </Label>
          </div>
        ) : (
          <ToneBadge tone={plan.active ? 'green' : 'grey'}>{plan.active ? 'Ativo' : 'Inativo'}</ToneBadge>
        )}
      </TableCell>
      {canManage && (
        <TableCell className="max-lg:col-start-2 max-lg:row-start-4 max-lg:mt-1 max-lg:border-t max-lg:pt-1!">
          <div className="flex items-center justify-end">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Editar"
              title="Editar"
              onClick={() => onEdit(plan.id)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <DeletePlanButton plan={plan} />
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}
