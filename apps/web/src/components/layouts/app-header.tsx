import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import { roleLabels } from '@painel/shared/schemas/user';
import {
  CreditCard,
  LoaderCircle,
  LogOut,
  type LucideIcon,
  ScanSearch,
  ShieldCheck,
  UserRound,
  Wallet,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCredits } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { HeaderMenuProps } from './header-menu';
import { MenuButton } from './menu-button';

interface AppHeaderProps {
  user: PublicUser;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Beside the credits: what the signed-in frame adds, e.g. the running batches' indicator. */
  status?: ReactNode;
}

export interface HeaderLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The header's links. The buying page reads 'Planos e créditos', as its own title does, so that on
 * the admin pages the admin menu's 'Planos' (the plans' administration) is the only 'Planos'.
 */
function headerLinks(user: PublicUser): HeaderLink[] {
  return [
    { to: '/planos', label: 'Planos e créditos', icon: CreditCard },
    { to: '/profile', label: 'Perfil', icon: UserRound },
    ...(can(user.tipo, 'openAdmin') ? [{ to: '/admin', label: 'Admin', icon: ShieldCheck }] : []),
  ];
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive && 'bg-accent text-accent-foreground',
  );

/**
 * Top bar of every signed-in page (docs/product/lookups.md#dashboard), one row at most 64 px tall.
 * From 1024 px wide it holds everything; below, the logo, the credits and a menu with the greeting,
 * the role, the links and 'Sair', so a phone keeps its screen for the page.
 */
export function AppHeader({ user, onSignOut, signingOut = false, status }: AppHeaderProps) {
  const links = headerLinks(user);
  return (
    <header className="sticky top-0 z-30 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-15 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:gap-4">
        <Link
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <ScanSearch className="size-4" aria-hidden="true" />
          </span>
          <span className="max-sm:sr-only">Painel Consulta</span>
        </Link>

        <div className="hidden min-w-0 flex-1 items-center gap-3 lg:flex">
          <p className="truncate text-sm font-medium">Olá, {user.nome}</p>
          <Badge variant="secondary">{roleLabels[user.tipo]}</Badge>
        </div>

        <p className="ml-auto flex min-w-0 items-center gap-1 text-sm whitespace-nowrap text-muted-foreground lg:ml-0">
          <Wallet className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Créditos:{' '}
            <span className="font-semibold text-foreground tabular-nums">{formatCredits(user.creditos)}</span>
          </span>
        </p>

        {status}

        <nav aria-label="Principal" className="hidden gap-1 lg:flex">
          {links.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={navLinkClass}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>

        <Button
          variant="outline"
          size="sm"
          onClick={onSignOut}
          disabled={signingOut}
          className="hidden lg:inline-flex"
        >
          {signingOut ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          Sair
        </Button>

        <DeferredHeaderMenu user={user} links={links} onSignOut={onSignOut} signingOut={signingOut} />
      </div>
    </header>
  );
}

const HeaderMenu = lazy(async () => ({ default: (await import('./header-menu')).HeaderMenu }));
const loadHeaderMenu = () => void import('./header-menu');

/**
 * The menu below 1024 px. Its code (Radix's menu, its positioning and focus handling: a quarter of
 * a signed-in page's JavaScript) is not part of the first load: the button is drawn at once, the
 * code is fetched once the page is idle, when a finger or the keyboard reaches the button, or on
 * the first tap, and a tap made before it arrived opens the menu as soon as it has.
 */
function DeferredHeaderMenu(props: Omit<HeaderMenuProps, 'defaultOpen'>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(loadHeaderMenu);
    return () => cancel(handle);
  }, []);
  const button = (
    <MenuButton
      aria-expanded={false}
      onPointerEnter={loadHeaderMenu}
      onFocus={loadHeaderMenu}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <HeaderMenu {...props} defaultOpen />
    </Suspense>
  );
}
