/** pt-BR number formatting, applied only where a value is shown. */

const creditsFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12.5 → '12,50' (1 credit = R$ 1,00). */
export function formatCredits(credits: number): string {
  return creditsFormat.format(credits);
}
