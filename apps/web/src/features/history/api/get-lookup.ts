import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiRequest } from '@/lib/api-client';

/** One past lookup with its result; retorno is null once the stored result has expired. */
export const lookupDetailSchema = z.object({
  id: z.number(),
  status: z.string(),
  Modulo: z.object({ nome: z.string(), descricao: z.string().nullable().optional() }).nullable(),
  data: z.string().optional(),
  createdAt: z.string().optional(),
  retorno: z.unknown().nullable().optional(),
  resultado_expira_em: z.string().nullable().optional(),
});

export function getLookup(id: number, signal?: AbortSignal) {
  return apiRequest(`/consultas/${id}`, { schema: lookupDetailSchema, signal });
}

export function useLookup(id: number | null) {
  return useQuery({
    queryKey: ['lookups', 'detail', id],
    queryFn: ({ signal }) => getLookup(id!, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
