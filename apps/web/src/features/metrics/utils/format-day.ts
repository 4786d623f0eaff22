/** A calendar date (YYYY-MM-DD, already a São Paulo day) in pt-BR, without time-zone shifts. */
export function formatDay(date: string, { withYear = true } = {}): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  if (!year || !month || !day) return date;
  return withYear ? `${day}/${month}/${year}` : `${day}/${month}`;
}
