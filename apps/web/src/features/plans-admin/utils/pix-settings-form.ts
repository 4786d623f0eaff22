import { messages } from '@painel/shared/messages';
import {
  PIX_PROVIDERS,
  type PixSettings,
  type UpdatePixSettingsInput,
} from '@painel/shared/schemas/payments';
import { z } from 'zod';

/**
 * The PIX card's form. Secrets are write-only: the inputs start empty, an empty input keeps the
 * stored secret, a typed one replaces it, and 'Remover' clears it (docs/product/plans-and-payments.md#pix-settings).
 */
const secretInput = z.string().trim().max(500, messages.tooLong(500));

export function pixSettingsFormSchema(stored: PixSettings | undefined) {
  return z
    .object({
      pix_provider: z.enum(PIX_PROVIDERS, { error: messages.pixProviderInvalid }),
      easy_pix_api_key: secretInput,
      remove_api_key: z.boolean(),
      pix_webhook_secret: secretInput,
      remove_webhook_secret: z.boolean(),
    })
    .superRefine((values, context) => {
      const keyAfterSave =
        values.easy_pix_api_key !== '' || (!values.remove_api_key && Boolean(stored?.easy_pix_api_key));
      if (values.pix_provider === 'mercadopago' && !keyAfterSave) {
        context.addIssue({ code: 'custom', path: ['easy_pix_api_key'], message: messages.pixKeyRequired });
      }
    });
}

export type PixSettingsFormValues = z.infer<ReturnType<typeof pixSettingsFormSchema>>;

export function pixSettingsToForm(settings: PixSettings | undefined): PixSettingsFormValues {
  return {
    pix_provider: settings?.pix_provider ?? 'sandbox',
    easy_pix_api_key: '',
    remove_api_key: false,
    pix_webhook_secret: '',
    remove_webhook_secret: false,
  };
}

function secretChange(typed: string, remove: boolean): string | null | undefined {
  if (typed !== '') return typed;
  return remove ? null : undefined;
}

/** PUT /admin/settings/pix: a secret is sent only when typed (or null to remove it). */
export function pixFormToBody(values: PixSettingsFormValues): UpdatePixSettingsInput {
  const body: UpdatePixSettingsInput = { pix_provider: values.pix_provider };
  const apiKey = secretChange(values.easy_pix_api_key, values.remove_api_key);
  const webhookSecret = secretChange(values.pix_webhook_secret, values.remove_webhook_secret);
  if (apiKey !== undefined) body.easy_pix_api_key = apiKey;
  if (webhookSecret !== undefined) body.pix_webhook_secret = webhookSecret;
  return body;
}

/** Where the provider must post its notifications, on the address the panel's API answers. */
export function webhookUrl(webhookPath: string, apiBase: string, origin: string): string {
  const apiOrigin = new URL(apiBase, origin).origin;
  return new URL(webhookPath, apiOrigin).href;
}

export const providerLabels: Record<(typeof PIX_PROVIDERS)[number], string> = {
  sandbox: 'Sandbox (testes)',
  mercadopago: 'Mercado Pago',
};
