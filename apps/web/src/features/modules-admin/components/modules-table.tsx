import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  type ScreenReaderInstructions,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { EyeOff, GripVertical, Pencil, SquareStack } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ToneBadge } from '@/components/ui/tone-badge';
import type { StatusFlag } from '@/features/modules-admin/api/update-module-status';
import { DeleteModuleButton } from '@/features/modules-admin/components/delete-module-button';
import { ModuleStatusBadge } from '@/features/modules-admin/components/module-status-badge';
import {
  limitTypeLabels,
  modulePriceLabel,
  timeoutLabel,
} from '@/features/modules-admin/utils/module-display';
import { cn } from '@/lib/utils';

interface ModulesTableProps {
  modules: ModuleView[];
  /** Admin: drag handles and the Ações column; reseller: read-only. */
  canManage: boolean;
  onMove: (activeId: number, overId: number) => void;
  onEdit: (module: ModuleView) => void;
  onToggle: (module: ModuleView, flag: StatusFlag) => void;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'Para mover um módulo, pressione espaço ou enter. Use as setas para cima e para baixo para mudar a posição, espaço ou enter para soltar, ou escape para cancelar.',
};

function announcements(modules: ModuleView[]): Announcements {
  const name = (id: string | number) => modules.find((module) => module.id === Number(id))?.nome ?? '';
  const position = (id: string | number) => modules.findIndex((module) => module.id === Number(id)) + 1;
  return {
    onDragStart: ({ active }) => `${name(active.id)} selecionado, posição ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} sobre a posição ${position(over.id)}.` : `${name(active.id)} fora da lista.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} solto na posição ${position(over.id)}.` : `${name(active.id)} solto.`,
    onDragCancel: ({ active }) => `Movimento de ${name(active.id)} cancelado.`,
  };
}

/** The catalogue in its order; admins drag rows by the handle (mouse, touch or keyboard). */
export function ModulesTable({ modules, canManage, onMove, onEdit, onToggle }: ModulesTableProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(modules), screenReaderInstructions: instructions }}
    >
      <SortableContext items={modules.map((module) => module.id)} strategy={verticalListSortingStrategy}>
        {/* Below lg each row is a card (same DOM, so dragging and tests see one list); from lg a table. */}
        <Table className="max-lg:block lg:min-w-[48rem]">
          <TableHeader className="max-lg:hidden">
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-16">#</TableHead>
              <TableHead>Módulo</TableHead>
              <TableHead>Tipo de Limite</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Timeout</TableHead>
              <TableHead>Preço</TableHead>
              {canManage && <TableHead>Ações</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody className="max-lg:grid max-lg:gap-3">
            {modules.map((module, index) => (
              <ModuleRow
                key={module.id}
                module={module}
                position={index + 1}
                canManage={canManage}
                onEdit={onEdit}
                onToggle={onToggle}
              />
            ))}
          </TableBody>
        </Table>
      </SortableContext>
    </DndContext>
  );
}

interface ModuleRowProps {
  module: ModuleView;
  position: number;
  canManage: boolean;
  onEdit: (module: ModuleView) => void;
  onToggle: (module: ModuleView, flag: StatusFlag) => void;
}

function ModuleRow({ module, position, canManage, onEdit, onToggle }: ModuleRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: module.id, disabled: !canManage });
  const activeId = useId();
  const maintenanceId = useId();

  return (
    <TableRow
      ref={setNodeRef}
      data-module-id={module.id}
      aria-label={module.nome}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative bg-card max-lg:grid max-lg:grid-cols-[auto_1fr_1fr_1fr_auto] max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-2 max-lg:rounded-lg max-lg:border max-lg:p-3 max-lg:[&>td]:p-0',
        isDragging && 'z-10 shadow-lg ring-2 ring-ring/40',
      )}
    >
      <TableCell className="max-lg:col-start-1 max-lg:row-start-1">
        <div className="flex items-center gap-1">
          {canManage && (
            <button
              type="button"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Arrastar ${module.nome}`}
              className="flex size-8 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
            >
              <GripVertical className="size-4" aria-hidden="true" />
            </button>
          )}
          <span className="text-muted-foreground tabular-nums">{position}</span>
        </div>
      </TableCell>
      <TableCell className="max-lg:col-span-3 max-lg:col-start-2 max-lg:row-start-1 max-lg:min-w-0 lg:max-w-72">
        <div className="flex items-center gap-3">
          <ModuleThumbnail imageUrl={module.imagem_url} />
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere] lg:truncate">{module.nome}</p>
            <p className="line-clamp-2 text-xs text-muted-foreground">{module.descricao}</p>
            {module.mascarar_por_padrao && (
              <ToneBadge tone="yellow" className="mt-1 whitespace-normal [&>svg]:shrink-0">
                <EyeOff aria-hidden="true" />
                Mascarado por padrão
              </ToneBadge>
            )}
          </div>
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap max-lg:col-span-2 max-lg:col-start-1 max-lg:row-start-2 max-lg:text-xs max-lg:text-muted-foreground">
        {limitTypeLabels[module.tipo_limite]}
      </TableCell>
      <TableCell className="max-lg:col-start-5 max-lg:row-start-1 max-lg:justify-self-end">
        <ModuleStatusBadge status={module.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums max-lg:col-span-2 max-lg:col-start-3 max-lg:row-start-2 max-lg:justify-self-center max-lg:text-xs max-lg:text-muted-foreground">
        <span className="lg:hidden">Timeout </span>
        {timeoutLabel(module.timeout_segundos)}
      </TableCell>
      <TableCell className="whitespace-nowrap max-lg:col-start-5 max-lg:row-start-2 max-lg:justify-self-end max-lg:text-xs max-lg:font-medium">
        {modulePriceLabel(module)}
      </TableCell>
      {canManage && (
        <TableCell className="max-lg:col-span-5 max-lg:row-start-3 max-lg:border-t max-lg:pt-2!">
          <div className="flex items-center gap-2 max-lg:justify-between">
            <div className="grid gap-1.5 max-lg:flex max-lg:flex-wrap max-lg:gap-x-4">
              <div className="flex items-center gap-1.5">
                <Switch
                  id={activeId}
                  checked={module.ativo}
                  onCheckedChange={(ativo) => onToggle(module, { ativo })}
                  aria-label={`Módulo ativo: ${module.nome}`}
                />
                <Label htmlFor={activeId} className="w-12 text-xs font-normal">
                  {module.ativo ? 'Ativo' : 'Inativo'}
                </Label>
              </div>
              <div className="flex items-center gap-1.5">
                <Switch
                  id={maintenanceId}
                  checked={module.manutencao}
                  onCheckedChange={(manutencao) => onToggle(module, { manutencao })}
                  aria-label={`Em manutenção: ${module.nome}`}
                />
                <Label htmlFor={maintenanceId} className="w-20 text-xs font-normal">
                  {module.manutencao ? 'Manutenção' : 'Normal'}
                </Label>
              </div>
            </div>
            <div className="flex items-center">
              <Button
                variant="ghost"
                size="icon"
                aria-label="Editar"
                title="Editar"
                onClick={() => onEdit(module)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <DeleteModuleButton module={module} />
            </div>
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

export function ModuleThumbnail({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-accent text-accent-foreground',
        className,
      )}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <SquareStack className="size-5" aria-hidden="true" />
      )}
    </span>
  );
}
