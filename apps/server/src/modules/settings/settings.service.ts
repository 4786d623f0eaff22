import { reaisToCents } from '@painel/shared/schemas/payments';
import { type Settings, topupRangeProblem, type updateSettingsSchema } from '@painel/shared/schemas/settings';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { validationError } from '../../lib/app-error.ts';
import { maskSecret, secretChange } from '../../lib/masked-secret.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { lockSettings, type SettingsRow, updateSettings } from './settings.repository.ts';

type SettingsChange = z.output<typeof updateSettingsSchema>;

export function toSettingsView(row: SettingsRow): Settings {
  return {
    easy_pix_api_key: maskSecret(row.pixApiKey),
    topup_min_reais: row.topupMinCents / 100,
    topup_max_reais: row.topupMaxCents / 100,
    trial_limit: row.trialLimit,
    exigir_finalidade: row.exigirFinalidade,
  };
}

const toCents = (reais: number | undefined) => (reais === undefined ? undefined : reaisToCents(reais));

/**
 * Fields left out stay as they are; the top-up minimum is never above the maximum, judged against
 * what is stored under the row's lock. The action log keeps the before and after (keys masked) of a
 * save that changed something.
 */
export async function changeSettings(
  db: Database,
  actor: Actor & { ip?: string | null },
  input: SettingsChange,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const minCents = toCents(input.topup_min_reais) ?? before.topupMinCents;
    const maxCents = toCents(input.topup_max_reais) ?? before.topupMaxCents;
    const sent = input.topup_max_reais === undefined ? 'min' : 'max';
    const rangeProblem = topupRangeProblem(minCents, maxCents, sent);
    if (rangeProblem) throw validationError({ [`topup_${sent}_reais`]: rangeProblem });
    const row = await updateSettings(tx, {
      trialLimit: input.trial_limit,
      exigirFinalidade: input.exigir_finalidade,
      topupMinCents: toCents(input.topup_min_reais),
      topupMaxCents: toCents(input.topup_max_reais),
      pixApiKey: secretChange(input.easy_pix_api_key),
    });
    const [was, is] = [toSettingsView(before), toSettingsView(row)];
    // A save that changed nothing (the form sent back as it was) leaves no entry to puzzle over;
    // a new PIX key shows masked as the old one did, so it is compared unmasked.
    if (JSON.stringify(was) !== JSON.stringify(is) || before.pixApiKey !== row.pixApiKey) {
      await writeActionLog(tx, actor, 'configuracoes_alteradas', { antes: was, depois: is }, actor.ip);
    }
    return is;
  });
}
