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

/** The type in words, with the stored value (admin_action…) underneath for people who search by it. */
export function LogTypeBadge({ tipo }: { tipo: string }) {
  return (
    <span className="grid justify-items-start gap-0.5">
      <ToneBadge tone={isLogType(tipo) ? tones[tipo] : 'grey'}>
        {isLogType(tipo) ? logTypeLabels[tipo] : tipo}
      </ToneBadge>
      <code className="text-[0.7rem] text-muted-foreground">{tipo}</code>
    </span>
  );
}
