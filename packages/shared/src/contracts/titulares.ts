import { z } from 'zod';
import { titularLookupsQuerySchema, titularLookupsSchema } from '../schemas/titulares.ts';
import { endpoint, MANAGERS } from './endpoint.ts';

/**
 * Titulares, the people and companies lookups are about (docs/product/titulares.md): who looked
 * one up, found by the document the lookups carried. Each search is logged.
 */
export const titularContract = {
  lookups: endpoint
    .route({
      method: 'GET',
      path: '/admin/titulares/consultas',
      tags: ['titulares'],
      summary:
        'Consultas cuja entrada trazia um CPF ou CNPJ (admin: todas; revendedor: as suas e dos seus clientes), mais recentes primeiro',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [400, 401, 403] })
    .input(z.object({ query: titularLookupsQuerySchema }))
    .output(titularLookupsSchema),
};
