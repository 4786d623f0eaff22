import { z } from 'zod';
import { endpoint, MANAGERS } from './endpoint.ts';

/** The admin dashboard: its figures and system status, and the live event stream (docs/product/admin.md#admin-dashboard). */

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  totalConsultations: z.number(),
  consultationsToday: z.number(),
  totalModules: z.number(),
  activeModules: z.number(),
  uptimeSeconds: z.number(),
  sistema: z.object({
    banco: z.enum(['ok', 'erro']),
    redis: z.enum(['ok', 'erro', 'desativado']),
    provedores: z.object({ ok: z.number(), instavel: z.number(), fora: z.number() }),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The data of one "consulta" event of GET /admin/events: a lookup finished in the reader's reach. */
export const lookupFinishedEventSchema = z.object({
  id: z.number(),
  userId: z.number(),
  moduleId: z.number(),
  status: z.enum(['sucesso', 'falha']),
});
export type LookupFinishedEvent = z.infer<typeof lookupFinishedEventSchema>;

export const adminContract = {
  stats: endpoint
    .route({
      method: 'GET',
      path: '/admin/stats',
      tags: ['admin'],
      summary: 'Números do painel (revendedor: os seus clientes) e estado do sistema',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [401, 403] })
    .input(z.object({}))
    .output(adminStatsSchema),

  /** A text/event-stream, not JSON: the handler writes it; each event's data is a LookupFinishedEvent. */
  events: endpoint
    .route({
      method: 'GET',
      path: '/admin/events',
      tags: ['admin'],
      summary:
        'Eventos ao vivo (Server-Sent Events): "consulta" a cada consulta concluída no escopo do leitor. Leia com fetch + Authorization.',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [429] })
    .input(z.object({})),
};
