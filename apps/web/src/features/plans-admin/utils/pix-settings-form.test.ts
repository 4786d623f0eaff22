import { messages } from '@painel/shared/messages';
import type { PixSettings } from '@painel/shared/schemas/payments';
import { describe, expect, it } from 'vitest';

import {
  pixFormToBody,
  pixSettingsFormSchema,
  pixSettingsToForm,
  webhookUrl,
} from '@/features/plans-admin/utils/pix-settings-form';

const stored: PixSettings = {
  pix_provider: 'sandbox',
  easy_pix_api_key: '••••••••abcd',
  pix_webhook_secret: null,
  webhook_path: '/api/payments/webhook/mercadopago',
  sandbox_switch: true,
};

describe('PIX settings form', () => {
  it('never starts with a secret in an input, and sends none that was not typed', () => {
    const form = pixSettingsToForm(stored);
    expect(form.easy_pix_api_key).toBe('');
    expect(pixFormToBody(form)).toEqual({ pix_provider: 'sandbox' });
  });

  it('sends a typed secret, and null for one marked to remove', () => {
    expect(
      pixFormToBody({
        ...pixSettingsToForm(stored),
        easy_pix_api_key: 'APP_USR-1',
        remove_webhook_secret: true,
      }),
    ).toEqual({ pix_provider: 'sandbox', easy_pix_api_key: 'APP_USR-1', pix_webhook_secret: null });
  });

  it('needs an access token before Mercado Pago is chosen', () => {
    const none = pixSettingsFormSchema({ ...stored, easy_pix_api_key: null }).safeParse({
      ...pixSettingsToForm(stored),
      pix_provider: 'mercadopago',
    });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe(messages.pixKeyRequired);

    const keptKey = pixSettingsFormSchema(stored).safeParse({
      ...pixSettingsToForm(stored),
      pix_provider: 'mercadopago',
    });
    expect(keptKey.success).toBe(true);

    const removed = pixSettingsFormSchema(stored).safeParse({
      ...pixSettingsToForm(stored),
      pix_provider: 'mercadopago',
      remove_api_key: true,
    });
    expect(removed.success).toBe(false);
  });

  it('builds the webhook URL on the address the API answers', () => {
    expect(webhookUrl(stored.webhook_path, '/api', 'https://painel.exemplo')).toBe(
      'https://painel.exemplo/api/payments/webhook/mercadopago',
    );
    expect(webhookUrl(stored.webhook_path, 'https://api.exemplo/api', 'https://painel.exemplo')).toBe(
      'https://api.exemplo/api/payments/webhook/mercadopago',
    );
  });
});
