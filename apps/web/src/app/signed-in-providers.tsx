import { configureZod } from '@painel/shared/zod-config';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';

import { createQueryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';

/**
 * What only signed-in pages use, loaded with them and never by /login or /register (which
 * check their forms with plain rules and keep no query cache): zod's pt-BR messages for the
 * shared schemas, and the query client.
 */
configureZod();

const queryClient = createQueryClient();

// Nothing cached for one user may show for the next.
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});

export function SignedInProviders({ children }: { children: ReactNode }) {
  // A client provided above wins: the tests give each render a fresh one.
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
