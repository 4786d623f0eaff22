import { RouterProvider } from 'react-router/dom';

import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { setApiNavigator } from '@/lib/api-client';

const router = createAppRouter();

setApiNavigator((to) => void router.navigate(to, { replace: true }));

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
