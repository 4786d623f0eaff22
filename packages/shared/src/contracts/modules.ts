import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.ts';
import {
  createModuleSchema,
  moduleSchema,
  modulesListSchema,
  reorderSchema,
  statusUpdateSchema,
  timeoutUpdateSchema,
  updateModuleSchema,
} from '../schemas/modules.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, MANAGERS, SIGNED_IN } from './endpoint.ts';

/**
 * The module catalogue: the dashboard's active modules, the admin list and its edits, 'Testar',
 * and each provider's health (docs/product/modules.md#module-api).
 */

const errors: ErrorStatus[] = [400, 401, 403, 404];

/** 'Testar': sample input for the module's fields (numbers are sent as their text). */
export const moduleTestRequestSchema = z.object({
  input: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
});

/** What 'Testar' answers: the provider's raw answer (or why it failed) and how long it took. */
export const moduleTestResultSchema = z.object({
  ok: z.boolean(),
  /** Known only when the gateway reports it (a 404 "nothing found"). */
  status_code: z.number().optional(),
  latencia_ms: z.number(),
  resposta: z.unknown().optional(),
  erro: z.string().optional(),
  codigo: z.string().optional(),
});
export type ModuleTestResult = z.infer<typeof moduleTestResultSchema>;

/** One provider's health in this process, from its last calls. */
export const moduleHealthSchema = z.object({
  id: z.number(),
  estado: z.enum(['ok', 'instavel', 'fora']),
  taxa_erro: z.number(),
  latencia_p50_ms: z.number().nullable(),
  amostras: z.number(),
});
export type ModuleHealth = z.infer<typeof moduleHealthSchema>;

export const moduleHealthListSchema = z.object({ modulos: z.array(moduleHealthSchema) });

export const moduleContract = {
  health: endpoint
    .route({
      method: 'GET',
      path: '/modulos/saude',
      tags: ['modulos'],
      summary: 'Saúde de cada provedor neste processo: taxa de erro e latência das últimas chamadas',
    })
    .meta({ roles: MANAGERS, errors: [401, 403] })
    .input(z.object({}))
    .output(moduleHealthListSchema),

  active: endpoint
    .route({
      method: 'GET',
      path: '/modulos/ativos',
      tags: ['modulos'],
      summary: 'Módulos ativos, em ordem, com uso e limite de 24h do usuário nos módulos por quantidade',
    })
    .meta({ roles: SIGNED_IN, apiKey: true, reach: 'self', errors })
    .input(z.object({}))
    .output(modulesListSchema),

  list: endpoint
    .route({
      method: 'GET',
      path: '/modulos',
      tags: ['modulos'],
      summary: 'Todos os módulos (admin; revendedor só leitura)',
    })
    .meta({ roles: MANAGERS, errors })
    .input(z.object({}))
    .output(modulesListSchema),

  create: endpoint
    .route({
      method: 'POST',
      path: '/modulos',
      tags: ['modulos'],
      summary: 'Cria um módulo',
      successStatus: 201,
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ body: createModuleSchema }))
    .output(moduleSchema),

  update: endpoint
    .route({
      method: 'PUT',
      path: '/modulos/{id}',
      tags: ['modulos'],
      summary: 'Edita um módulo (parcial)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ params: idParamsSchema, body: updateModuleSchema }))
    .output(moduleSchema),

  setTimeout: endpoint
    .route({
      method: 'PUT',
      path: '/modulos/{id}/timeout',
      tags: ['modulos'],
      summary: 'Muda o timeout (5 a 300 s)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ params: idParamsSchema, body: timeoutUpdateSchema }))
    .output(moduleSchema),

  setStatus: endpoint
    .route({
      method: 'PUT',
      path: '/modulos/{id}/status',
      tags: ['modulos'],
      summary: 'Liga/desliga um único indicador: ativo ou manutencao',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ params: idParamsSchema, body: statusUpdateSchema }))
    .output(moduleSchema),

  reorder: endpoint
    .route({
      method: 'POST',
      path: '/modulos/reorder',
      tags: ['modulos'],
      summary: 'Nova ordem: lista de {id, ordem} ou {order: [...]}',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ body: reorderSchema }))
    .output(modulesListSchema),

  remove: endpoint
    .route({
      method: 'DELETE',
      path: '/modulos/{id}',
      tags: ['modulos'],
      summary: 'Remove um módulo (o histórico fica)',
      successStatus: 204,
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ params: idParamsSchema }))
    .output(z.null()),

  /** 'Testar' in the edit dialog: one upstream call with sample input, never charged. */
  test: endpoint
    .route({
      method: 'POST',
      path: '/modulos/{id}/testar',
      tags: ['modulos'],
      summary: 'Testa o módulo uma vez contra o provedor (sem cobrança, sem registro de consulta)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ params: idParamsSchema, body: moduleTestRequestSchema }))
    .output(moduleTestResultSchema),
};
