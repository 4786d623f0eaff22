import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { routes } from '@/app/router';
import { setApiNavigator } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

/** The panel's own mutation rules (never held for the network); queries fail at once. */
export function createTestQueryClient() {
  const { mutations } = createQueryClient().getDefaultOptions();
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations } });
}

/** The whole panel at `path`, in memory, wired like app.tsx. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user };
}
