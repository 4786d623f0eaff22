import { RouterProvider } from 'react-router';

import { createAppRouter } from '@/app/router';
import { setApiNavigator } from '@/lib/api-client';

const router = createAppRouter();

setApiNavigator((to) => void router.navigate(to, { replace: true }));

/** The whole panel: every page behind the router (app/router.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
