import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import { roleLabels } from '@painel/shared/schemas/user';
import { CreditCard, LoaderCircle, LogOut, ScanSearch, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCredits } from '@/lib/format';
import { cn } from '@/lib/utils';

interface AppHeaderProps {
  user: PublicUser;
  onSignOut: () => void;
  signingOut?: boolean;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive && 'bg-accent text-accent-foreground',
  );

/** Top bar of every signed-in page (docs/product/lookups.md#dashboard). */
export function AppHeader({ user, onSignOut, signingOut = false }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <ScanSearch className="size-4" aria-hidden="true" />
          </span>
          <span className="sm:max-lg:sr-only">Painel Consulta</span>
        </Link>

        <div className="order-3 flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:order-none sm:w-auto sm:flex-1">
          <p className="truncate text-sm font-medium">Olá, {user.nome}</p>
          <Badge variant="secondary">{roleLabels[user.tipo]}</Badge>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Wallet className="size-4" aria-hidden="true" />
            <span>
              Créditos:{' '}
              <span className="font-semibold text-foreground tabular-nums">
                {formatCredits(user.creditos)}
              </span>
            </span>
          </p>
        </div>

        <Button
          variant="outline"
          size="sm"
          onClick={onSignOut}
          disabled={signingOut}
          className="order-2 ml-auto sm:order-last sm:ml-0"
        >
          {signingOut ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          Sair
        </Button>

        <nav
          aria-label="Principal"
          className="order-4 -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:mx-0 sm:w-auto"
        >
          <NavLink to="/planos" className={navLinkClass}>
            <CreditCard className="size-4" aria-hidden="true" />
            Planos
          </NavLink>
          <NavLink to="/profile" className={navLinkClass}>
            <UserRound className="size-4" aria-hidden="true" />
            Perfil
          </NavLink>
          {can(user.tipo, 'openAdmin') && (
            <NavLink to="/admin" className={navLinkClass}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              Admin
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
