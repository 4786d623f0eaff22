import { useGuestNavigate } from '@/app/use-guest-navigate';
import { LoginPage } from '@/features/auth/components/login-page';

export function Component() {
  return <LoginPage go={useGuestNavigate()} />;
}
