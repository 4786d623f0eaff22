import type { PixProviderName } from '@painel/shared/schemas/payments';

export type ProviderStatus = 'waiting' | 'verified' | 'expired' | 'failed';

export interface ChargeRequest {
  paymentId: number;
  amountCents: number;
  description: string;
  payerEmail: string;
  /** Stable for one (user, idempotencyKey): a retried creation never opens a second charge. */
  idempotencyKey: string;
  expiresAt: Date;
}

export interface PixCharge {
  externalId: string;
  /** The BR Code ("copia e cola"), from which the browser draws the QR code. */
  code: string;
}

export interface RemoteStatus {
  status: ProviderStatus;
  /** What the provider says was paid, when it says so. */
  amountCents?: number;
}

export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * One PIX provider (docs/product/plans-and-payments.md#providers). A webhook is only a hint: verifyWebhook says which charge it
 * names (null when refused), and the status is then fetched from the provider, never read from it.
 */
export interface PixProvider {
  readonly name: PixProviderName;
  createCharge(request: ChargeRequest): Promise<PixCharge>;
  fetchStatus(externalId: string): Promise<RemoteStatus>;
  verifyWebhook(delivery: WebhookDelivery): string | null;
}

export const headerOf = (delivery: WebhookDelivery, name: string): string | undefined => {
  const value = delivery.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
