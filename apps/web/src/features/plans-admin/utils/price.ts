import { formatReais } from '@painel/shared/rules/pix-status';
import { priceToCents } from '@painel/shared/schemas/plans';

/** The most a plan may cost (the server's limit on price_cents). */
export const MAX_PLAN_PRICE_CENTS = 100_000_000;

/**
 * A price typed in reais, the pt-BR way ('29,90', '1.234,50', 'R$ 19,9') or with a decimal point
 * ('29.90'), to cents by rounding price*100 (docs/product/plans-and-payments.md#plans). Null when it is not a price.
 */
export function parsePriceToCents(text: string): number | null {
  let value = text.replace(/^\s*R\$/i, '').replace(/\s/g, '');
  if (value.includes(',')) {
    // pt-BR: dots group thousands, the comma starts the decimals.
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$/.test(value) && !/^\d+(,\d*)?$/.test(value)) return null;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    // '1.234' is a thousand and more in pt-BR, not one real and change.
    value = value.replace(/\./g, '');
  } else if (!/^\d+(\.\d*)?$/.test(value)) {
    return null;
  }
  const reais = Number(value);
  if (!Number.isFinite(reais)) return null;
  const cents = priceToCents(reais);
  return cents <= MAX_PLAN_PRICE_CENTS ? cents : null;
}

/** 2990 -> '29,90', the way the price input shows a stored plan. */
export function centsToPriceInput(cents: number): string {
  return formatReais(cents).replace(/\./g, '');
}
