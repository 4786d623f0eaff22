import type { LoteStatus } from '@painel/shared/schemas/lotes';

import { ToneBadge } from '@/components/ui/tone-badge';
import { loteStatusLabels, loteStatusTones } from '@/features/lotes/utils/lote-display';

export function LoteStatusBadge({ status }: { status: LoteStatus }) {
  return <ToneBadge tone={loteStatusTones[status]}>{loteStatusLabels[status]}</ToneBadge>;
}
