export const PIX_STATUSES = ['waiting', 'verified', 'expired', 'failed'] as const;
export type PixStatus = (typeof PIX_STATUSES)[number];

/** A PIX charge can be paid for this long (docs/product/plans-and-payments.md#expiry). */
export const PIX_EXPIRY_MINUTES = 30;
export const PIX_EXPIRY_MS = PIX_EXPIRY_MINUTES * 60_000;

export type PixStatusTone = 'yellow' | 'green' | 'red';

/** Aguardando (yellow), Confirmado (green), Expirado and Falhou (red); docs/product/plans-and-payments.md#statuses. */
export function pixStatusLabel(status: string): { label: string; tone: PixStatusTone } {
  switch (status) {
    case 'waiting':
      return { label: 'Aguardando', tone: 'yellow' };
    case 'verified':
      return { label: 'Confirmado', tone: 'green' };
    case 'expired':
      return { label: 'Expirado', tone: 'red' };
    case 'failed':
      return { label: 'Falhou', tone: 'red' };
    default:
      return { label: status, tone: 'red' };
  }
}

/** Only a waiting charge is still polled. */
export function isPixFinal(status: string): boolean {
  return status !== 'waiting';
}

/** The moment a charge created at `createdAt` stops being payable. */
export function pixExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PIX_EXPIRY_MS);
}

/** Whole reais in pt-BR with two decimals, without the symbol: 50 -> '50,00', 1234.5 -> '1.234,50'. */
export function formatReais(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
