import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@painel/shared/messages';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_LOOKUPS } from './demo-lookups.ts';
import { NOTICE } from './field-variants.ts';

const params = z.object({ valor: z.string() });
const tags = ['demo-provider'];

/** The longest /lento wait, so a test can never hold a request for longer than a minute. */
export const MAX_DELAY_MS = 60_000;

/**
 * The built-in synthetic provider, registered under /demo-api: every lookup kind, answered with
 * deterministic, clearly fictitious data (docs/demo-provider.md). /falha, /lento and /texto let the
 * gateway's failure mapping be tested against it.
 */
export const demoProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Set here too, so the plugin also works in an app that did not set them (tests build a bare one).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  for (const [segment, { summary, lookup }] of Object.entries(DEMO_LOOKUPS)) {
    app.get(`/${segment}/:valor`, { schema: { tags, summary, params } }, async (request, reply) => {
      const body = lookup(request.params.valor);
      if (!body) return reply.status(404).send({ _aviso: NOTICE, error: messages.upstreamNotFound });
      return body;
    });
  }

  app.get(
    '/falha/:valor',
    { schema: { tags, summary: 'Sempre responde 500 (teste de falha do provedor)', params } },
    async (_request, reply) =>
      reply.status(500).send({ _aviso: NOTICE, error: 'Falha simulada do provedor de demonstração' }),
  );

  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());
  app.get(
    '/lento/:valor',
    { schema: { tags, summary: `Responde após valor ms (no máximo ${MAX_DELAY_MS})`, params } },
    async (request, reply) => {
      const asked = Number.parseInt(request.params.valor, 10);
      const delay = Number.isFinite(asked) ? Math.min(Math.max(asked, 0), MAX_DELAY_MS) : 0;
      try {
        await sleep(delay, undefined, { signal: closing.signal });
      } catch {
        return reply.status(503).send({ _aviso: NOTICE, error: 'Provedor de demonstração encerrando' });
      }
      return { _aviso: NOTICE, ok: true };
    },
  );

  app.get(
    '/texto/:valor',
    {
      schema: { tags, summary: 'Responde texto simples em vez de JSON (teste de resposta inválida)', params },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(`${NOTICE}. Esta resposta é texto simples, não JSON.`),
  );
};
