const units = [
  { seconds: 86_400, one: 'dia', many: 'dias' },
  { seconds: 3_600, one: 'hora', many: 'horas' },
  { seconds: 60, one: 'minuto', many: 'minutos' },
] as const;

const list = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/**
 * Server uptime in pt-BR words, to the two largest units that are not zero:
 * 93784 → '1 dia e 2 horas', 86700 → '1 dia e 5 minutos', 42 → 'menos de 1 minuto'.
 */
export function formatUptime(totalSeconds: number): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const unit of units) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
  }
  const shown = parts.slice(0, 2);
  return shown.length === 0 ? 'menos de 1 minuto' : list.format(shown);
}
