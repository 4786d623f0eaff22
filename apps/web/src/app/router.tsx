import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

import { AdminOnly, GuestOnly, RequireAuth } from '@/app/guards';
import { PageLoading } from '@/app/page-loading';
import { RouteError } from '@/app/route-fallbacks';

/**
 * Every page is a lazy chunk; the shell is this file, the guards and the fallbacks, so /login
 * downloads only what it shows.
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: GuestOnly,
        children: [
          { path: 'login', lazy: () => import('@/app/routes/login') },
          { path: 'register', lazy: () => import('@/app/routes/register') },
        ],
      },
      { path: 'sessao-encerrada', lazy: () => import('@/app/routes/session-ended') },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('@/app/routes/app-shell'),
            children: [
              { index: true, lazy: () => import('@/app/routes/dashboard') },
              { path: 'planos', lazy: () => import('@/app/routes/planos') },
              { path: 'pagamentos/:id/recibo', lazy: () => import('@/app/routes/recibo') },
              { path: 'profile', lazy: () => import('@/app/routes/profile') },
              { path: 'historico', lazy: () => import('@/app/routes/historico') },
              { path: 'consulta/:moduloId', lazy: () => import('@/app/routes/consulta') },
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
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

function adminPages(): RouteObject[] {
  return [
    { index: true, lazy: () => import('@/app/routes/admin/dashboard') },
    { path: 'dashboard', element: <Navigate to="/admin" replace /> },
    { path: 'usuarios', lazy: () => import('@/app/routes/admin/usuarios') },
    { path: 'plans', lazy: () => import('@/app/routes/admin/plans') },
    { path: 'metricas', lazy: () => import('@/app/routes/admin/metricas') },
    { path: 'modulos', lazy: () => import('@/app/routes/admin/modulos') },
    { path: 'logs', lazy: () => import('@/app/routes/admin/logs') },
    { path: 'configuracoes', lazy: () => import('@/app/routes/admin/configuracoes') },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
