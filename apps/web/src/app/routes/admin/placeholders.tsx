import { PagePlaceholder } from '@/components/layouts/page-placeholder';

/** Admin pages still to be built, reachable from the admin sidebar. */

export function AdminDashboardPage() {
  return <PagePlaceholder title="Dashboard administrativo" />;
}

export function AdminUsersPage() {
  return <PagePlaceholder title="Usuários" />;
}

export function AdminPlansPage() {
  return <PagePlaceholder title="Planos" />;
}

export function AdminMetricsPage() {
  return <PagePlaceholder title="Métricas" />;
}

export function AdminLogsPage() {
  return <PagePlaceholder title="Logs" />;
}
