import { RegisterPage } from '@/app/routes/register-page';
import { useGuestNavigate } from '@/app/use-guest-navigate';

export function Component() {
  return <RegisterPage go={useGuestNavigate()} />;
}
