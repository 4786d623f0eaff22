import { useNavigate } from 'react-router';

import type { GuestNavigate } from '@/features/auth/components/guest-link';

/** The signed-out pages' way to move on, inside the router. */
export function useGuestNavigate(): GuestNavigate {
  const navigate = useNavigate();
  return (to, options) => void navigate(to, options);
}
