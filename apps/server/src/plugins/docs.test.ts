import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * The published API document, pinned whole: routes moving to their contracts in packages/shared
 * (docs/decisions/0016) must publish the same paths, methods, parameters, bodies, answers and
 * refusals. A deliberate change to the API updates the file and says so in its commit.
 */
describe('OpenAPI document', () => {
  const test = useTestApp();

  it('is the one pinned in openapi.snapshot.json', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    await expect(`${JSON.stringify(response.json(), null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/openapi.snapshot.json',
    );
  });

  it('offers the X-Api-Key scheme on exactly the routes that take a key', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    }>();
    expect(document.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const withKey = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.some((scheme) => 'apiKey' in scheme))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withKey.sort()).toEqual(
      [
        'POST /api/consultas',
        'GET /api/consultas',
        'GET /api/consultas/{id}',
        'GET /api/modulos/ativos',
        'GET /api/profile',
        // Batches (docs/product/lotes.md): a customer's system may send and follow them too.
        'POST /api/lotes',
        'GET /api/lotes',
        'GET /api/lotes/{id}',
        'POST /api/lotes/{id}/confirmar',
        'POST /api/lotes/{id}/cancelar',
        'GET /api/lotes/{id}/resultado.csv',
        'GET /api/lotes/{id}/resultado.xlsx',
      ].sort(),
    );
  });
});
