import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiRequest } from '@/lib/api-client';

/** Query history, 10 per page (docs/product/lookups.md#history). */
export const HISTORY_PAGE_SIZE = 10;

const historyItemSchema = z.object({
  id: z.number(),
  status: z.string(),
  Modulo: z.object({ nome: z.string(), descricao: z.string().nullable().optional() }).nullable(),
  input: z.record(z.string(), z.unknown()).nullable().optional(),
  data: z.string().optional(),
  createdAt: z.string().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  consultas: z.array(historyItemSchema),
  total: z.number().optional(),
  page: z.number().optional(),
  totalPages: z.number(),
});

export function getLookupHistory(page: number, signal?: AbortSignal) {
  return apiRequest(`/consultas?page=${page}&limit=${HISTORY_PAGE_SIZE}`, {
    schema: historyPageSchema,
    signal,
  });
}

export function useLookupHistory(page: number) {
  return useQuery({
    queryKey: ['lookups', 'history', page],
    queryFn: ({ signal }) => getLookupHistory(page, signal),
    placeholderData: (previous) => previous,
  });
}
