import { messages } from '@painel/shared/messages';
import type { Plan } from '@painel/shared/schemas/plans';
import { describe, expect, it } from 'vitest';

import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import {
  emptyPlanForm,
  formToChanges,
  formToCreateBody,
  planFormSchema,
  planToForm,
} from '@/features/plans-admin/utils/plan-form-schema';

const plan: Plan = {
  id: 4,
  name: 'Mensal',
  description: 'Para todo dia',
  price_cents: 2990,
  duration_value: 1,
  duration_unit: 'months',
  active: true,
  allowed_concurrent_ips: 2,
  metadata: { benefits: ['Consultas ilimitadas', 'Suporte'] },
  createdAt: '2026-01-01T12:00:00.000Z',
};

function errorsOf(values: Record<string, unknown>) {
  const result = planFormSchema.safeParse({ ...emptyPlanForm(), ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('plan form', () => {
  it('turns the form into the create body: cents and one benefit per line', () => {
    const values = planFormSchema.parse({
      ...emptyPlanForm(),
      name: '  Trimestral ',
      price: '19,90',
      duration_value: 3,
      duration_unit: 'months',
      benefits: '  Consultas ilimitadas  \n\n\r\nSuporte por WhatsApp\r\n   \n',
    });
    expect(formToCreateBody(values)).toEqual({
      name: 'Trimestral',
      description: '',
      price_cents: 1990,
      duration_value: 3,
      duration_unit: 'months',
      allowed_concurrent_ips: 1,
      active: true,
      metadata: { benefits: ['Consultas ilimitadas', 'Suporte por WhatsApp'] },
    });
  });

  it('says what is wrong, field by field', () => {
    expect(errorsOf({ name: '   ', price: '' })).toMatchObject({
      name: messages.planNameRequired,
      price: plansAdminMessages.priceRequired,
    });
    expect(errorsOf({ price: '12,3x' }).price).toBe(plansAdminMessages.priceInvalid);
    expect(errorsOf({ duration_value: 0 }).duration_value).toBe(messages.planDurationInvalid);
    expect(errorsOf({ duration_value: 1.5 }).duration_value).toBe(messages.planDurationInvalid);
    expect(errorsOf({ allowed_concurrent_ips: 0 }).allowed_concurrent_ips).toBe(
      messages.planConcurrentIpsMin,
    );
  });

  it('sends only what the inline edit changed', () => {
    const unchanged = planFormSchema.parse(planToForm(plan));
    expect(formToChanges(plan, unchanged)).toEqual({});

    const edited = planFormSchema.parse({
      ...planToForm(plan),
      name: 'Mensal Plus',
      price: '34,9',
      benefits: 'Consultas ilimitadas\nSuporte\nRelatórios',
    });
    expect(formToChanges(plan, edited)).toEqual({
      name: 'Mensal Plus',
      price_cents: 3490,
      metadata: { benefits: ['Consultas ilimitadas', 'Suporte', 'Relatórios'] },
    });
  });
});
