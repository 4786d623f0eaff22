import { RouterProvider } from 'react-router/dom';

import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { setApiNavigator } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

const router = createAppRouter();
const queryClient = createQueryClient();

setApiNavigator((to) => void router.navigate(to, { replace: true }));

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
