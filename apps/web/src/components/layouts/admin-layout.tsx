import { purposeContract } from '@painel/shared/contracts/finalidades';
import { recordsContract } from '@painel/shared/contracts/records';
import { titularContract } from '@painel/shared/contracts/titulares';
import type { Role } from '@painel/shared/schemas/user';
import {
  ChartColumn,
  ClipboardList,
  CreditCard,
  FileClock,
  House,
  Layers,
  type LucideIcon,
  Scale,
  ScrollText,
  Settings,
  SquareStack,
  UserRound,
  UserSearch,
  Users,
} from 'lucide-react';
import { NavLink } from 'react-router';

import { PendingOutlet } from '@/components/layouts/pending-outlet';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the admin dashboard would otherwise match every page). */
  end?: boolean;
  /** Shown only to these roles: the roles of the page's own endpoint, so the menu and the server agree. */
  roles?: readonly Role[];
}

const purposeRoles = purposeContract.list['~orpc'].meta.roles;
const recordsRoles = recordsContract.get['~orpc'].meta.roles;
const titularRoles = titularContract.lookups['~orpc'].meta.roles;

const mainItems: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: House, end: true },
  { to: '/historico', label: 'Histórico', icon: FileClock },
  { to: '/lotes', label: 'Lotes', icon: Layers },
  { to: '/profile', label: 'Perfil', icon: UserRound },
];

/** The Administração links (docs/product/admin.md#admin-layout). */
const adminItems: NavItem[] = [
  { to: '/admin/plans', label: 'Planos', icon: CreditCard },
  { to: '/admin/usuarios', label: 'Usuários', icon: Users },
  { to: '/admin/metricas', label: 'Métricas', icon: ChartColumn },
  { to: '/admin/modulos', label: 'Módulos', icon: SquareStack },
  { to: '/admin/logs', label: 'Logs', icon: ScrollText },
  {
    to: '/admin/finalidades',
    label: 'Finalidades',
    icon: Scale,
    roles: purposeRoles === 'public' ? undefined : purposeRoles,
  },
  {
    to: '/admin/registros',
    label: 'Registros de tratamento',
    icon: ClipboardList,
    roles: recordsRoles === 'public' ? undefined : recordsRoles,
  },
  {
    to: '/admin/titulares',
    label: 'Titulares',
    icon: UserSearch,
    roles: titularRoles === 'public' ? undefined : titularRoles,
  },
  { to: '/admin/configuracoes', label: 'Configurações', icon: Settings },
];

function visibleTo(role: Role | undefined, items: NavItem[]) {
  return items.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive && 'bg-accent text-accent-foreground',
  );

const chipClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive && 'border-primary bg-primary text-primary-foreground',
  );

/** Admin and reseller area (only reachable by them): sidebar on wide screens, a scrollable quick menu on phones. */
export function AdminLayout() {
  const role = useSession()?.user.tipo;
  const adminLinks = visibleTo(role, adminItems);
  const sections = [
    { title: 'Menu Principal', items: mainItems },
    { title: 'Administração', items: adminLinks },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <aside className="hidden lg:block">
        <nav aria-label="Administração" className="sticky top-24 grid gap-6">
          {sections.map((section) => (
            <div key={section.title} className="grid gap-1">
              <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {section.title}
              </p>
              {section.items.map(({ to, label, icon: Icon, end }) => (
                <NavLink key={label} to={to} end={end} className={linkClass}>
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
      </aside>

      <nav aria-label="Menu rápido" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:hidden">
        {adminLinks.map(({ to, label, icon: Icon, end }) => (
          <NavLink key={label} to={to} end={end} className={chipClass}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>

      <div className="min-w-0">
        <PendingOutlet base="/admin" />
      </div>

      <footer className="border-t pt-4 text-center text-xs text-muted-foreground lg:col-span-2">
        Painel Consulta · Administração
      </footer>
    </div>
  );
}
