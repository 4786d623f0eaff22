import type { PublicUser } from '@painel/shared/schemas/user';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Ban,
  CalendarMinus,
  CalendarPlus,
  ChartNoAxesColumn,
  CircleCheck,
  CircleMinus,
  CirclePlus,
  CreditCard,
  EllipsisVertical,
  KeyRound,
  type LucideIcon,
  ShieldCheck,
  Trash2,
} from 'lucide-react';

import { Button } from '@/components/ui/button';
import type { UserAction } from '@/features/users-admin/utils/user-actions';
import { cn } from '@/lib/utils';

interface MenuEntry {
  action: UserAction;
  label: string;
  icon: LucideIcon;
  destructive?: boolean;
}

const entries: MenuEntry[] = [
  { action: 'credits-add', label: 'Adicionar créditos', icon: CirclePlus },
  { action: 'credits-remove', label: 'Remover créditos', icon: CircleMinus },
  { action: 'days-add', label: 'Adicionar dias', icon: CalendarPlus },
  { action: 'days-remove', label: 'Remover dias', icon: CalendarMinus },
  { action: 'limits', label: 'Limites de Uso', icon: ChartNoAxesColumn },
  { action: 'plan', label: 'Ativar plano', icon: CreditCard },
  { action: 'api-keys', label: 'Chaves de API', icon: KeyRound },
  { action: 'role', label: 'Alterar role', icon: ShieldCheck },
  { action: 'ban', label: 'Banir', icon: Ban, destructive: true },
  { action: 'unban', label: 'Desbanir', icon: CircleCheck },
  { action: 'delete', label: 'Deletar', icon: Trash2, destructive: true },
];

interface UserActionsMenuProps {
  user: PublicUser;
  /** The actions this viewer may take on this user, in menu order. */
  allowed: ReadonlySet<UserAction>;
  onAction: (action: UserAction, user: PublicUser) => void;
}

/**
 * Every action on one user but Editar, in a menu. Not modal, so the dialog an item opens takes
 * the focus without the menu handing it back.
 */
export function UserActionsMenu({ user, allowed, onAction }: UserActionsMenuProps) {
  const visible = entries.filter((entry) => allowed.has(entry.action));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Ações de ${user.nome}`} title="Mais ações">
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 grid min-w-48 gap-0.5 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          {visible.map(({ action, label, icon: Icon, destructive }) => (
            <DropdownMenu.Item
              key={action}
              onSelect={() => onAction(action, user)}
              className={cn(
                'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
                destructive && 'text-destructive data-[highlighted]:text-destructive',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
