import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** The load balancer's readiness check (docs/product/errors.md#outages). */

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  code: z.string().optional(),
  /** Present only when Redis is configured and down: the panel still answers, each process on its own. */
  redis: z.literal('unavailable').optional(),
});

export const healthContract = {
  ready: endpoint
    .route({
      method: 'GET',
      path: '/health',
      tags: ['health'],
      summary:
        'Pronto para atender: banco migrado e alcançável (Redis fora do ar não tira o processo do balanceador)',
    })
    .meta({ roles: 'public', errors: [], otherAnswers: { 503: healthSchema } })
    .input(z.object({}))
    .output(healthSchema),
};
