import { topupSchemaWithMinimum } from '@painel/shared/schemas/payments';
import { z } from 'zod';

/**
 * Reais as people type them: '50', '50,5', '1.234,56', 'R$ 75,00' (and '50.5'). Anything else is
 * NaN, which the amount schema turns into its own message.
 */
export function parseReais(text: string): number {
  const clean = text.replace(/R\$|\s/g, '');
  const normalised = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** The top-up form: the typed amount, at least the configured minimum (docs/product/plans-and-payments.md#top-up). */
export function topupFormSchema(minCents: number) {
  return z.object({
    amount: z.string().transform(parseReais).pipe(topupSchemaWithMinimum(minCents).shape.amount_reais),
  });
}
