import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/sonner';
import {
  MinorBadge,
  type ResultMasking,
  ResultMaskNotice,
} from '@/features/results/components/result-masking';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeLookupDetail } from '@/test/lookup-fixtures';
import { createTestQueryClient } from '@/test/render';

const byModule: ResultMasking = { mascarado: true, menor_de_idade: false, revelavel: true };
const minorNotPermitted: ResultMasking = { mascarado: true, menor_de_idade: true, revelavel: false };
const trial: ResultMasking = { mascarado: true, menor_de_idade: false, revelavel: false };

const revealed = makeLookupDetail({ id: 5 });

function renderNotice(masking: ResultMasking, reveal?: Parameters<typeof mockApi>[0][string]) {
  signIn('tok-1', makeUser());
  const api = mockApi(reveal ? { 'POST /consultas/5/revelar': reveal } : {});
  const onRevealed = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ResultMaskNotice lookupId={5} masking={masking} onRevealed={onRevealed} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user, onRevealed };
}

const justification = 'Conferência de cadastro pedida pelo cliente';

describe('minor badge', () => {
  it("says 'Menor de idade' for a minor's result only", () => {
    const { rerender } = render(<MinorBadge masking={minorNotPermitted} />);
    expect(screen.getByText('Menor de idade')).toBeInTheDocument();

    rerender(<MinorBadge masking={byModule} />);
    expect(screen.queryByText('Menor de idade')).not.toBeInTheDocument();
  });
});

describe('masked result notice', () => {
  it("says 'Dados mascarados' by the module's default and offers 'Revelar'", () => {
    renderNotice(byModule);
    expect(screen.getByTestId('masked-note')).toHaveTextContent('Dados mascarados por padrão deste módulo.');
    expect(screen.getByRole('button', { name: 'Revelar' })).toBeInTheDocument();
  });

  it("says why a minor's data is masked and offers no 'Revelar' when the server says it may not be", () => {
    renderNotice(minorNotPermitted);
    expect(screen.getByTestId('masked-note')).toHaveTextContent(
      'Dados mascarados: a finalidade não permite exibir dados de menor de idade.',
    );
    expect(screen.queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });

  it("is absent for a result shown whole, and for a trial's (its own note says why)", () => {
    renderNotice({ mascarado: false, menor_de_idade: true, revelavel: false });
    expect(screen.queryByText('Dados mascarados')).not.toBeInTheDocument();
    renderNotice(trial);
    expect(screen.queryByText('Dados mascarados')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });
});

describe('reveal dialog', () => {
  it('refuses a justification under 10 characters without sending anything', async () => {
    const { api, user, onRevealed } = renderNotice(byModule, answer(lookupContract.reveal, revealed));
    await user.click(screen.getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    const field = within(dialog).getByLabelText('Justificativa');
    expect(field).toHaveFocus();

    await user.type(field, '   curta   ');
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));

    expect(await within(dialog).findByText(messages.revealJustificationShort)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /consultas/5/revelar')).toHaveLength(0);
    expect(onRevealed).not.toHaveBeenCalled();
  });

  it('sends the justification, hands over the whole result and says it was recorded', async () => {
    const { api, user, onRevealed } = renderNotice(byModule, answer(lookupContract.reveal, revealed));
    await user.click(screen.getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(dialog).getByLabelText('Justificativa'), `  ${justification} `);
    expect(within(dialog).getByText(`${justification.length + 3}/500 caracteres`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));

    await waitFor(() => expect(onRevealed).toHaveBeenCalledTimes(1));
    expect(api.calls('POST /consultas/5/revelar')[0]?.body).toEqual({ justificativa: justification });
    expect(onRevealed.mock.calls[0]?.[0]).toMatchObject({ retorno: revealed.retorno, mascarado: false });
    expect(await screen.findByText('Dados revelados; a justificativa foi registrada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog and under the field, and stays open", async () => {
    const { user, onRevealed } = renderNotice(byModule, [
      json(400, {
        error: 'Dados inválidos',
        code: 'VALIDATION_ERROR',
        fields: { justificativa: 'Máximo de 500 caracteres' },
      }),
      json(403, {
        error: 'Resultados de teste não podem ser revelados. Assine um plano para ver os dados completos.',
        code: 'FORBIDDEN',
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    const field = within(dialog).getByLabelText('Justificativa');
    await user.type(field, justification);
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível revelar o resultado',
    );
    expect(within(dialog).getByText('Máximo de 500 caracteres')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, '.');
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Resultados de teste não podem ser revelados',
    );
    expect(onRevealed).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("'Cancelar' closes it without sending", async () => {
    const { api, user } = renderNotice(byModule, answer(lookupContract.reveal, revealed));
    await user.click(screen.getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(dialog).getByLabelText('Justificativa'), justification);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /consultas/5/revelar')).toHaveLength(0);
    expect(screen.getByText('Dados mascarados')).toBeInTheDocument();
  });
});
