import { sessionContract } from '@painel/shared/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { callEndpoint } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function logoutUser() {
  return callEndpoint(sessionContract.logout, {});
}

/**
 * 'Sair': ends the server session, then the local one whatever the server answered (a failed
 * logout must never keep the user signed in on this device), then goes to /login. The
 * providers drop the cached data of every session that ends.
 */
export function useLogoutUser() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutUser,
    onSettled: () => {
      clearSession('logout');
      void navigate('/login', { replace: true });
    },
  });
}
