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
});
