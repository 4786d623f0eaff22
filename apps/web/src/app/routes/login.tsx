import { LoginPage } from '@/app/routes/login-page';
import { useGuestNavigate } from '@/app/use-guest-navigate';

export function Component() {
  return <LoginPage go={useGuestNavigate()} />;
}
