import type { PublicUser } from '@painel/shared/schemas/user';
import { roleLabels } from '@painel/shared/schemas/user';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LoaderCircle, LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { HeaderLink } from './app-header';
import { MenuButton } from './menu-button';

const menuItemClass =
  'flex min-h-11 cursor-default items-center gap-3 rounded-sm px-3 text-sm font-medium outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground aria-[current=page]:text-primary';

export interface HeaderMenuProps {
  user: PublicUser;
  links: HeaderLink[];
  onSignOut: () => void;
  signingOut: boolean;
  /** Opens as it appears: the first tap on the button is what loaded it (app-header.tsx). */
  defaultOpen?: boolean;
}

/** Below 1024 px: what the header row has no room for, behind one 44 px button. */
export function HeaderMenu({ user, links, onSignOut, signingOut, defaultOpen = false }: HeaderMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <MenuButton autoFocus={defaultOpen} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 grid w-72 max-w-[calc(100vw-1rem)] gap-0.5 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <DropdownMenu.Label className="grid gap-1.5 px-3 py-2">
            <span className="truncate text-sm font-medium">Olá, {user.nome}</span>
            <Badge variant="secondary">{roleLabels[user.tipo]}</Badge>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          {links.map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={menuItemClass}>
              <NavLink to={to}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItemClass} disabled={signingOut} onSelect={onSignOut}>
            {signingOut ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <LogOut className="size-4" aria-hidden="true" />
            )}
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
