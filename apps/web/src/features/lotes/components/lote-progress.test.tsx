import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LoteProgress } from '@/features/lotes/components/lote-progress';
import { etaText } from '@/features/lotes/utils/lote-display';
import { makeLote, runningLote } from '@/test/lote-fixtures';

function count(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe("a batch's progress (docs/product/lotes.md)", () => {
  it('shows the bar, the rows done, succeeded, failed and left, and the time left', () => {
    render(<LoteProgress lote={runningLote(45, { sucesso: 40, falha: 5, eta_segundos: 130 })} />);

    const bar = screen.getByRole('progressbar', { name: 'Progresso do lote #12' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuetext', '45 de 100 linhas');
    expect(screen.getByText('45% concluído')).toBeInTheDocument();
    expect(count('Processadas')).toHaveTextContent('45');
    expect(count('Sucesso')).toHaveTextContent('40');
    expect(count('Falha')).toHaveTextContent('5');
    expect(count('Restantes')).toHaveTextContent('55');
    expect(screen.getByText('Tempo restante: cerca de 2 min')).toBeInTheDocument();
  });

  it('says the time left is being worked out before a pace is known', () => {
    render(<LoteProgress lote={runningLote(0, { eta_segundos: null })} />);
    expect(screen.getByText('Tempo restante: calculando...')).toBeInTheDocument();
  });

  it('shows no time left once the batch has ended', () => {
    render(
      <LoteProgress lote={makeLote({ status: 'concluido', processadas: 100, sucesso: 95, falha: 5 })} />,
    );
    expect(screen.getByText('100% concluído')).toBeInTheDocument();
    expect(count('Restantes')).toHaveTextContent('0');
    expect(screen.queryByText(/Tempo restante/)).not.toBeInTheDocument();
  });

  it('counts a cancelled batch by the rows it looked up, and the rows it dropped as cancelled', () => {
    render(
      <LoteProgress
        lote={makeLote({
          status: 'cancelado',
          processadas: 3,
          canceladas: 97,
          sucesso: 2,
          falha: 1,
          cobrado: 4,
        })}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('3% concluído')).toBeInTheDocument();
    expect(count('Processadas')).toHaveTextContent('3');
    expect(count('Canceladas')).toHaveTextContent('97');
    expect(screen.queryByText('Restantes')).not.toBeInTheDocument();
  });

  it.each([
    [20, 'menos de 1 min'],
    [130, 'cerca de 2 min'],
    [3600, 'cerca de 1 h'],
    [4800, 'cerca de 1 h 20 min'],
  ])('words %i seconds as "%s"', (seconds, text) => {
    expect(etaText(seconds)).toBe(text);
  });
});
