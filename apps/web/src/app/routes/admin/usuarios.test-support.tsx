import { userContract } from '@painel/shared/contracts/users';
import type { PublicUser, Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { type Mock, vi } from 'vitest';
import { UsersAdminPage } from '@/app/routes/admin/usuarios';
import { Toaster } from '@/components/ui/sonner';
import { signIn } from '@/lib/session';
import { answer } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

/** A page of GET /users. */
export function usersPage(users: PublicUser[], { total = users.length, totalPages = 1, page = 1 } = {}) {
  return answer(userContract.list, { users, total, totalPages, page });
}

/** The query string of every GET /users (the list, not its sub-resources) sent so far. */
export function listQueries(): URLSearchParams[] {
  const fetchMock = globalThis.fetch as unknown as Mock;
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init as RequestInit }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === 'GET' && url.pathname === '/api/users')
    .map(({ url }) => url.searchParams);
}

interface RenderOptions {
  role?: Role;
  path?: string;
  /** Fake timers for polling and debounce tests; user-event advances them. */
  fakeTimers?: boolean;
}

/** /admin/usuarios alone, signed in as user #1 with `role`, with the app's toaster. */
export function renderUsersPage({
  role = 'admin',
  path = '/admin/usuarios',
  fakeTimers = false,
}: RenderOptions = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn('token-1', makeUser({ id: 1, nome: 'Quem Administra', tipo: role, creditos: 40 }));
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <UsersAdminPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}
