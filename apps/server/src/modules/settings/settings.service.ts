import type { settingsSchema, updateSettingsSchema } from '@painel/shared/schemas/modules';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { maskSecret, secretChange } from '../../lib/masked-secret.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { lockSettings, type SettingsRow, updateSettings } from './settings.repository.ts';

type Settings = z.infer<typeof settingsSchema>;
type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export function toSettingsView(row: SettingsRow): Settings {
  return {
    easy_pix_api_key: maskSecret(row.pixApiKey),
    topup_min_reais: row.topupMinCents / 100,
    trial_limit: row.trialLimit,
  };
}

/** Fields left out stay as they are; the action log keeps the before and after (keys masked). */
export async function changeSettings(
  db: Database,
  actor: Actor,
  input: UpdateSettingsInput,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const row = await updateSettings(tx, {
      trialLimit: input.trial_limit,
      topupMinCents:
        input.topup_min_reais === undefined ? undefined : Math.round(input.topup_min_reais * 100),
      pixApiKey: secretChange(input.easy_pix_api_key),
    });
    await writeActionLog(tx, actor, 'configuracoes_alteradas', {
      antes: toSettingsView(before),
      depois: toSettingsView(row),
    });
    return toSettingsView(row);
  });
}
