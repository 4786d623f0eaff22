import type { PixPayment, PixSettings } from '@painel/shared/schemas/payments';
import type { Plan } from '@painel/shared/schemas/plans';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { PlansAdminPage } from '@/app/routes/admin/plans';
import { Toaster } from '@/components/ui/sonner';
import { signIn } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Plano ${id}`,
    description: '',
    price_cents: 2990,
    duration_value: 30,
    duration_unit: 'days',
    active: true,
    allowed_concurrent_ips: 1,
    metadata: { benefits: [] },
    createdAt: '2026-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function planPage(plans: Plan[], { page = 1, total = plans.length, totalPages = 1 } = {}) {
  return { plans, total, totalPages, page };
}

export function makePayment(overrides: Partial<PixPayment> = {}): PixPayment {
  const id = overrides.id ?? 1;
  return {
    id,
    user_id: 7,
    User: { nome: 'Maria Teste', email: 'maria@exemplo.com' },
    purpose: 'plan',
    plan_id: 1,
    Plan: { name: 'Mensal' },
    status: 'waiting',
    amount_cents: 1990,
    provider: 'sandbox',
    pix_id_external: `sbx-${id}`,
    pix_code: '000201...',
    createdAt: '2026-03-10T15:30:00.000Z',
    expires_at: '2026-03-10T16:00:00.000Z',
    verified_at: null,
    ...overrides,
  };
}

export function makePixSettings(overrides: Partial<PixSettings> = {}): PixSettings {
  return {
    pix_provider: 'sandbox',
    easy_pix_api_key: null,
    pix_webhook_secret: null,
    webhook_path: '/api/payments/webhook/mercadopago',
    sandbox_switch: true,
    ...overrides,
  };
}

/** The plans page alone, signed in with `role`, with the toaster the app provides. */
export function renderPlansPage(role: Role = 'admin') {
  // Sonner keeps its toasts between tests; each test starts with none.
  toast.dismiss();
  signIn('token-1', makeUser({ id: 1, tipo: role }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/admin/plans']}>
        <PlansAdminPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}
