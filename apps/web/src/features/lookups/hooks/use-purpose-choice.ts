import type { Purpose } from '@painel/shared/schemas/finalidades';

import { useActivePurposes } from '@/features/lookups/api/get-purposes';
import { rememberedPurposeId } from '@/features/lookups/utils/remembered-purpose';

/** What the query form needs to offer a purpose (docs/product/purposes.md#a-purpose-on-every-lookup). */
export interface PurposeChoice {
  /** The active purposes; undefined while they load or when they could not be read. */
  list: Purpose[] | undefined;
  /**
   * Whether a lookup must name one (`exigir_finalidade`). Unknown until the list is read: the form
   * then lets the server decide, so a failed list never blocks a lookup that needs no purpose.
   */
  required: boolean;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** The user's last purpose, while it is still offered; else none. */
  initialId: number | null;
}

export function usePurposeChoice(userId: number): PurposeChoice {
  const purposes = useActivePurposes();
  const list = purposes.data?.finalidades;
  const remembered = rememberedPurposeId(userId);
  return {
    list,
    required: purposes.data?.exigir_finalidade ?? false,
    loading: purposes.isPending,
    failed: purposes.isError && !purposes.data,
    retry: () => void purposes.refetch(),
    initialId: list?.some((purpose) => purpose.id === remembered) ? remembered : null,
  };
}
