import type { Executor } from '../src/db/client.ts';
import { modules } from '../src/db/schema/modules.ts';

/**
 * A credit module written straight to the database, for tests below the API (lookup writes,
 * leases, metrics): its upstream is a closed local port, never called.
 */
export async function insertCreditModule(
  db: Executor,
  { nome = 'Crédito', precoCents }: { nome?: string; precoCents: number },
): Promise<number> {
  const [row] = await db
    .insert(modules)
    .values({ nome, apiUrl: 'http://127.0.0.1:9/{cpf}', tipoLimite: 'creditos', precoCents })
    .returning({ id: modules.id });
  return row!.id;
}
