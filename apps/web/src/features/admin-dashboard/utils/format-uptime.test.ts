import { describe, expect, it } from 'vitest';

import { formatUptime } from '@/features/admin-dashboard/utils/format-uptime';

describe('formatUptime', () => {
  it.each([
    [0, 'menos de 1 minuto'],
    [59, 'menos de 1 minuto'],
    [60, '1 minuto'],
    [125, '2 minutos'],
    [3_600, '1 hora'],
    [3_720, '1 hora e 2 minutos'],
    [7_260, '2 horas e 1 minuto'],
    [86_400, '1 dia'],
    [93_784, '1 dia e 2 horas'],
    [86_700, '1 dia e 5 minutos'],
    [10 * 86_400 + 23 * 3_600 + 59 * 60, '10 dias e 23 horas'],
  ])('%i s → %s', (seconds, words) => {
    expect(formatUptime(seconds)).toBe(words);
  });
});
