import { randomBytes, randomUUID } from 'node:crypto';
import { buildBrCode } from '@painel/shared/rules/brcode';
import type { Database } from '../../db/client.ts';
import { keepFirstValue } from '../../lib/internal-state.repository.ts';
import type { PixProvider } from './pix-provider.ts';
import { findSandboxCharge, insertSandboxCharge, markSandboxChargePaid } from './sandbox.repository.ts';

export const SANDBOX_MERCHANT = { name: 'Painel Consulta', city: 'Sao Paulo' } as const;
const KEY_STATE = 'sandbox:pix-key';

/** The sandbox receiver's EVP key: a random UUID made once per database. */
async function sandboxPixKey(db: Database): Promise<string> {
  const row = await keepFirstValue(db, KEY_STATE, randomUUID());
  return row!.value;
}

/**
 * The offline provider: real BR Codes, and a "bank" (its own table) that only the sandbox switch
 * (docs/product/plans-and-payments.md#providers) marks paid. The panel learns of a payment by asking it, like any provider.
 */
export function createSandboxProvider(db: Database): PixProvider {
  return {
    name: 'sandbox',
    async createCharge(request) {
      const externalId = `sbx${randomBytes(10).toString('hex')}`;
      const txid = `PC${request.paymentId}X${randomBytes(6).toString('hex').toUpperCase()}`.slice(0, 25);
      const code = buildBrCode({
        pixKey: await sandboxPixKey(db),
        merchantName: SANDBOX_MERCHANT.name,
        merchantCity: SANDBOX_MERCHANT.city,
        amountCents: request.amountCents,
        txid,
        singleUse: true,
      });
      await insertSandboxCharge(db, {
        id: externalId,
        txid,
        amountCents: request.amountCents,
        brCode: code,
        expiresAt: request.expiresAt,
      });
      return { externalId, code };
    },
    async fetchStatus(externalId) {
      const charge = await findSandboxCharge(db, externalId);
      if (!charge) throw new Error(`sandbox charge ${externalId} not found`);
      if (charge.status === 'paid') return { status: 'verified', amountCents: charge.amountCents };
      return { status: charge.expiresAt <= new Date() ? 'expired' : 'waiting' };
    },
    verifyWebhook(delivery) {
      const id = (delivery.body as { pix_id_external?: unknown } | null)?.pix_id_external;
      return typeof id === 'string' && /^sbx[0-9a-f]{20}$/.test(id) ? id : null;
    },
  };
}

export type SandboxPayOutcome = 'paid' | 'not_found' | 'expired';

/** The sandbox switch: the "bank" receives the payment of a pending, unexpired charge. */
export async function paySandboxCharge(db: Database, externalId: string): Promise<SandboxPayOutcome> {
  const now = new Date();
  if (await markSandboxChargePaid(db, externalId, now)) return 'paid';
  const charge = await findSandboxCharge(db, externalId);
  if (!charge) return 'not_found';
  return charge.status === 'paid' ? 'paid' : 'expired';
}
