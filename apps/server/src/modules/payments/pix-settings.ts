import { messages } from '@painel/shared/messages';
import type { PixSettings, UpdatePixSettingsInput } from '@painel/shared/schemas/payments';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { validationError } from '../../lib/app-error.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { maskSecret } from '../settings/settings.routes.ts';
import type { SettingsRow } from './payment.repository.ts';

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

/** A secret sent back masked (or not sent) keeps the stored one; '' or null clears it. */
function secretChange(value: string | null | undefined): string | null | undefined {
  return value === undefined || value?.startsWith('••••') ? undefined : value || null;
}

export async function updatePixSettings(
  db: Database,
  actor: Actor & { ip?: string | null },
  input: UpdatePixSettingsInput,
  sandboxSwitch: boolean,
): Promise<PixSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).for('update');
    const apiKey = secretChange(input.easy_pix_api_key);
    const provider = input.pix_provider ?? before!.pixProvider;
    if (provider === 'mercadopago' && !(apiKey === undefined ? before!.pixApiKey : apiKey)) {
      throw validationError({ easy_pix_api_key: messages.pixKeyRequired });
    }
    const [row] = await tx
      .update(settings)
      .set({
        pixProvider: input.pix_provider,
        pixApiKey: apiKey,
        pixWebhookSecret: secretChange(input.pix_webhook_secret),
        updatedAt: new Date(),
      })
      .returning();
    const view = toPixSettings(row!, sandboxSwitch);
    await writeActionLog(
      tx,
      actor,
      'configuracoes_pix_alteradas',
      { antes: toPixSettings(before!, sandboxSwitch), depois: view },
      actor.ip,
    );
    return view;
  });
}
