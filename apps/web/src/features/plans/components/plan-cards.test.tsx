import type { Plan } from '@painel/shared/schemas/plans';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { PlanCards } from '@/features/plans/components/plan-cards';
import { makePlan } from '@/test/plan-fixtures';

function renderCards(plans: Plan[], onSubscribe = vi.fn()) {
  render(
    <PlanCards plans={plans} loading={false} failed={false} buyingPlanId={null} onSubscribe={onSubscribe} />,
  );
  return { onSubscribe };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Planos' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === screen.getByRole('list', { name: 'Planos' }))
    .map((item) => item.getAttribute('aria-label'));

describe('plan cards', () => {
  it("lists plans cheapest first and marks the middle one 'Mais popular'", () => {
    renderCards([
      makePlan(1, 'Anual', 79_900, { duration_value: 1, duration_unit: 'years' }),
      makePlan(2, 'Semanal', 2_990),
      makePlan(3, 'Mensal', 8_990, { duration_value: 1, duration_unit: 'months' }),
    ]);
    expect(cardNames()).toEqual(['Semanal', 'Mensal', 'Anual']);
    expect(screen.getAllByText('Mais popular')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Mensal' })).toHaveTextContent('Mais popular');
    expect(screen.getByRole('listitem', { name: 'Mensal' })).toHaveTextContent('R$89,90/ 1 mês');
    expect(screen.getByRole('listitem', { name: 'Anual' })).toHaveTextContent('/ 1 ano');
  });

  it('marks the upper middle of an even count, and no plan when there is only one', () => {
    renderCards([makePlan(1, 'D', 400), makePlan(2, 'A', 100), makePlan(3, 'C', 300), makePlan(4, 'B', 200)]);
    expect(cardNames()).toEqual(['A', 'B', 'C', 'D']);
    expect(screen.getByRole('listitem', { name: 'C' })).toHaveTextContent('Mais popular');
    expect(screen.getAllByText('Mais popular')).toHaveLength(1);
  });

  it('gives a single plan no popularity mark', () => {
    renderCards([makePlan(1, 'Único', 1_000)]);
    expect(screen.queryByText('Mais popular')).not.toBeInTheDocument();
  });

  it("calls back with the plan on 'Assinar agora'", async () => {
    const { onSubscribe } = renderCards([makePlan(1, 'Semanal', 2_990), makePlan(2, 'Mensal', 8_990)]);
    await userEvent.click(screen.getByRole('button', { name: 'Assinar agora: Mensal' }));
    expect(onSubscribe).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'Mensal' }));
  });

  it("says 'Nenhum plano disponível no momento.' when none is on sale", () => {
    renderCards([]);
    expect(screen.getByText('Nenhum plano disponível no momento.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assinar agora/ })).not.toBeInTheDocument();
  });
});
