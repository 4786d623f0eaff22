import { createBrowserRouter, Navigate, Outlet, type RouteObject, useMatches } from 'react-router';

import { AdminOnly, GuestOnly, RequireAuth } from '@/app/guards';
import { PageLoading } from '@/app/page-loading';
import { guestPageTitles, PageTitle } from '@/app/page-title';
import { RouteError } from '@/app/route-fallbacks';

/** What a route declares besides its page: the browser tab's title. */
interface RouteHandle {
  title: string;
}

function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/** Every page: the deepest route's title in the browser tab, then the page. */
function Root() {
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((candidate) => candidate !== undefined);
  return (
    <>
      {title && <PageTitle title={title} />}
      <Outlet />
    </>
  );
}

/**
 * Every page is a lazy chunk; the shell is this file, the guards and the fallbacks, so /login
 * downloads only what it shows.
 */
export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: GuestOnly,
        children: [
          { path: 'login', ...titled(guestPageTitles['/login']), lazy: () => import('@/app/routes/login') },
          {
            path: 'register',
            ...titled(guestPageTitles['/register']),
            lazy: () => import('@/app/routes/register'),
          },
        ],
      },
      {
        path: 'sessao-encerrada',
        ...titled('Sessão encerrada'),
        lazy: () => import('@/app/routes/session-ended'),
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('@/app/routes/app-shell'),
            children: [
              { index: true, ...titled('Início'), lazy: () => import('@/app/routes/dashboard') },
              { path: 'planos', ...titled('Planos e créditos'), lazy: () => import('@/app/routes/planos') },
              {
                path: 'pagamentos/:id/recibo',
                ...titled('Recibo'),
                lazy: () => import('@/app/routes/recibo'),
              },
              { path: 'profile', ...titled('Perfil'), lazy: () => import('@/app/routes/profile') },
              { path: 'historico', ...titled('Histórico'), lazy: () => import('@/app/routes/historico') },
              { path: 'lotes', ...titled('Lotes'), lazy: () => import('@/app/routes/lotes') },
              { path: 'integracao', ...titled('API'), lazy: () => import('@/app/routes/integracao') },
              {
                path: 'consulta/:moduloId',
                ...titled('Consulta'),
                lazy: () => import('@/app/routes/consulta'),
              },
              {
                path: 'admin',
                Component: AdminOnly,
                children: [
                  {
                    lazy: async () => ({
                      Component: (await import('@/components/layouts/admin-layout')).AdminLayout,
                    }),
                    children: adminPages(),
                  },
                ],
              },
            ],
          },
        ],
      },
      // Signed in or not, an unknown address says so (docs/product/README.md#screens-and-routes).
      { path: '*', ...titled('Página não encontrada'), lazy: () => import('@/app/routes/not-found') },
    ],
  },
];

function adminPages(): RouteObject[] {
  return [
    { index: true, ...titled('Administração'), lazy: () => import('@/app/routes/admin/dashboard') },
    { path: 'dashboard', element: <Navigate to="/admin" replace /> },
    { path: 'usuarios', ...titled('Usuários'), lazy: () => import('@/app/routes/admin/usuarios') },
    { path: 'plans', ...titled('Planos'), lazy: () => import('@/app/routes/admin/plans') },
    { path: 'metricas', ...titled('Métricas'), lazy: () => import('@/app/routes/admin/metricas') },
    { path: 'modulos', ...titled('Módulos'), lazy: () => import('@/app/routes/admin/modulos') },
    { path: 'logs', ...titled('Logs'), lazy: () => import('@/app/routes/admin/logs') },
    { path: 'finalidades', ...titled('Finalidades'), lazy: () => import('@/app/routes/admin/finalidades') },
    {
      path: 'registros',
      ...titled('Registros de tratamento'),
      lazy: () => import('@/app/routes/admin/registros'),
    },
    { path: 'titulares', ...titled('Titulares'), lazy: () => import('@/app/routes/admin/titulares') },
    {
      path: 'configuracoes',
      ...titled('Configurações'),
      lazy: () => import('@/app/routes/admin/configuracoes'),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
