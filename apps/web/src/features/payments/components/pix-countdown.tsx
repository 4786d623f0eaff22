import { Timer } from 'lucide-react';
import { pixCountdownText } from '@/features/payments/utils/pix-countdown';
import { useNow } from '@/lib/use-now';

/** mm:ss to the charge's expiry, ticking every second (docs/product/plans-and-payments.md#pix-charge). */
export function PixCountdown({ expiresAt }: { expiresAt: string | null }) {
  const now = useNow();
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium tabular-nums" data-testid="pix-countdown">
      <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
      {pixCountdownText(expiresAt, now)}
    </p>
  );
}
