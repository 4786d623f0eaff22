import { type Tone, ToneBadge } from '@/components/ui/tone-badge';
import type { LogType } from '@/features/logs/api/get-logs';

export const logTypeLabels: Record<LogType, string> = {
  admin_action: 'Ação de admin',
  revendedor_action: 'Ação de revendedor',
  consulta: 'Consulta',
  login: 'Login',
};

const tones: Record<LogType, Tone> = {
  admin_action: 'orange',
  revendedor_action: 'yellow',
  consulta: 'blue',
  login: 'green',
};

function isLogType(tipo: string): tipo is LogType {
  return tipo in logTypeLabels;
}

/** The type in words; the stored value (admin_action…) is the badge's tooltip and stays in the CSV. */
export function LogTypeBadge({ tipo }: { tipo: string }) {
  return (
    <span className="justify-self-start" title={tipo}>
      <ToneBadge tone={isLogType(tipo) ? tones[tipo] : 'grey'}>
        {isLogType(tipo) ? logTypeLabels[tipo] : tipo}
      </ToneBadge>
    </span>
  );
}
