import { messages } from '@painel/shared/messages';
import type { Lote } from '@painel/shared/schemas/lotes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { LoteQuote } from '@/features/lotes/components/lote-quote';
import { makeLote } from '@/test/lote-fixtures';

function renderQuote(lote: Lote) {
  const onConfirm = vi.fn();
  const onDiscard = vi.fn();
  render(
    <MemoryRouter>
      <LoteQuote lote={lote} onConfirm={onConfirm} onDiscard={onDiscard} confirming={false} error={null} />
    </MemoryRouter>,
  );
  return { onConfirm, onDiscard, user: userEvent.setup() };
}

function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('the quote of a batch (docs/product/lotes.md)', () => {
  it('shows the lines, the valid and invalid ones, each invalid row with its reason, and the cost in money and credits', async () => {
    const { onConfirm, user } = renderQuote(
      makeLote({
        linhas: 7,
        validas: 5,
        invalidas: [
          { linha: 3, erro: 'CPF inválido' },
          { linha: 6, erro: messages.loteRowExtraColumns },
        ],
        custo_maximo: 12.5,
      }),
    );

    expect(figure('Linhas')).toHaveTextContent('7');
    expect(figure('Válidas')).toHaveTextContent('5');
    expect(figure('Inválidas')).toHaveTextContent('2');
    expect(figure('Custo máximo')).toHaveTextContent('R$ 12,50 (12,50 créditos)');
    const table = screen.getByRole('region', { name: 'Linhas inválidas: tabela com rolagem' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['3CPF inválido', `6${messages.loteRowExtraColumns}`]);

    await user.click(screen.getByRole('button', { name: 'Confirmar e iniciar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('counts the invalid rows before they are read, and says when they could not be', () => {
    const { invalidas: _, ...listed } = makeLote({ linhas: 7, validas: 5 });
    const { rerender } = render(
      <MemoryRouter>
        <LoteQuote lote={listed} onConfirm={vi.fn()} onDiscard={vi.fn()} confirming={false} error={null} />
      </MemoryRouter>,
    );
    expect(figure('Inválidas')).toHaveTextContent('2');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando as linhas inválidas...');
    rerender(
      <MemoryRouter>
        <LoteQuote
          lote={listed}
          onConfirm={vi.fn()}
          onDiscard={vi.fn()}
          confirming={false}
          error={null}
          invalidRowsFailed
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar as linhas inválidas.');
  });

  it('has no invalid rows table when every row is valid', () => {
    renderQuote(makeLote());
    expect(figure('Inválidas')).toHaveTextContent('0');
    expect(screen.queryByRole('region', { name: /Linhas inválidas/ })).not.toBeInTheDocument();
  });

  it('shows the quota slots a quota module would use instead of money', () => {
    renderQuote(makeLote({ cobranca: 'quantidade', custo_maximo: 0, cotas: 40, validas: 40 }));
    expect(figure('Usa até')).toHaveTextContent('40 consultas da cota de 24 h');
    expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
  });

  it('says the balance does not cover it, links to buying, and does not let it start', async () => {
    const { onConfirm, user } = renderQuote(makeLote({ saldo_suficiente: false }));
    expect(screen.getByText(messages.loteInsufficientCredits)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar créditos ou assinar um plano' })).toHaveAttribute(
      'href',
      '/planos',
    );
    const start = screen.getByRole('button', { name: 'Confirmar e iniciar' });
    expect(start).toBeDisabled();
    await user.click(start);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("says a quota module's 24 h quota is short", () => {
    renderQuote(makeLote({ cobranca: 'quantidade', cotas: 40, saldo_suficiente: false }));
    expect(screen.getByText(messages.loteQuotaShort)).toBeInTheDocument();
  });

  it('does not start a batch with no valid row, and Descartar leaves it', async () => {
    const { onDiscard, user } = renderQuote(
      makeLote({ linhas: 1, validas: 0, invalidas: [{ linha: 2, erro: 'CPF inválido' }] }),
    );
    expect(screen.getByText(messages.loteNoValidRows)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar e iniciar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onDiscard).toHaveBeenCalledOnce();
  });
});
