import { useGuestNavigate } from '@/app/use-guest-navigate';
import { RegisterPage } from '@/features/auth/components/register-page';

export function Component() {
  return <RegisterPage go={useGuestNavigate()} />;
}
