import { messages } from '@painel/shared/messages';
import type { PixSettings, UpdatePixSettingsInput } from '@painel/shared/schemas/payments';
import type { Database } from '../../db/client.ts';
import { validationError } from '../../lib/app-error.ts';
import { maskSecret, secretChange } from '../../lib/masked-secret.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { lockSettings, type SettingsRow, updateSettings } from '../settings/settings.repository.ts';

export const MERCADOPAGO_WEBHOOK_PATH = '/api/payments/webhook/mercadopago';

export function toPixSettings(row: SettingsRow, sandboxSwitch: boolean): PixSettings {
  return {
    pix_provider: row.pixProvider,
    easy_pix_api_key: maskSecret(row.pixApiKey),
    pix_webhook_secret: maskSecret(row.pixWebhookSecret),
    webhook_path: MERCADOPAGO_WEBHOOK_PATH,
    sandbox_switch: sandboxSwitch,
  };
}

export async function updatePixSettings(
  db: Database,
  actor: Actor & { ip?: string | null },
  input: UpdatePixSettingsInput,
  sandboxSwitch: boolean,
): Promise<PixSettings> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const apiKey = secretChange(input.easy_pix_api_key);
    const provider = input.pix_provider ?? before.pixProvider;
    if (provider === 'mercadopago' && !(apiKey === undefined ? before.pixApiKey : apiKey)) {
      throw validationError({ easy_pix_api_key: messages.pixKeyRequired });
    }
    const row = await updateSettings(tx, {
      pixProvider: input.pix_provider,
      pixApiKey: apiKey,
      pixWebhookSecret: secretChange(input.pix_webhook_secret),
    });
    const view = toPixSettings(row, sandboxSwitch);
    await writeActionLog(
      tx,
      actor,
      'configuracoes_pix_alteradas',
      { antes: toPixSettings(before, sandboxSwitch), depois: view },
      actor.ip,
    );
    return view;
  });
}
