import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LookupForm } from '@/features/lookups/components/lookup-form';
import { ApiError } from '@/lib/api-client';

const fields: QueryField[] = [
  { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
  { nome: 'cep', tipo: 'string', obrigatorio: true, mascara: '00000-000' },
];

function renderForm(onSubmit: (values: Record<string, string>) => Promise<unknown>) {
  const user = userEvent.setup();
  render(<LookupForm fields={fields} onSubmit={onSubmit} busy={false} blockedReason={null} />);
  return { user, cpf: screen.getByLabelText(/CPF/), cep: screen.getByLabelText(/CEP/) };
}

describe('LookupForm', () => {
  it('focuses the first failing field, and an edited field stays quiet until the next submit', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user, cpf, cep } = renderForm(onSubmit);

    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(cpf).toHaveFocus();

    await user.type(cpf, '12');
    expect(screen.getAllByText(messages.required)).toHaveLength(1);
    expect(screen.queryByText(messages.fillAllDigits)).not.toBeInTheDocument();
    expect(cep).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(messages.fillAllDigits)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields, focusing the first, and its reason in the red box", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Verifique os campos destacados', {
        'input.cep': messages.fillAllDigits,
        modulo_id: messages.invalidValue,
      });
    });
    const { user, cpf, cep } = renderForm(onSubmit);
    await user.type(cpf, '12345678909');
    await user.type(cep, '01001000');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique os campos destacados');
    expect(onSubmit).toHaveBeenCalledWith({ cpf: '12345678909', cep: '01001000' });
    expect(screen.getByText(messages.fillAllDigits)).toBeInTheDocument();
    expect(screen.queryByText(messages.invalidValue)).not.toBeInTheDocument();
    await waitFor(() => expect(cep).toHaveFocus());
    expect(cpf).toHaveAttribute('aria-invalid', 'false');
  });

  it("says 'Erro ao realizar consulta' when the failure is not the server's answer", async () => {
    const { user, cpf, cep } = renderForm(async () => {
      throw new TypeError('boom');
    });
    await user.type(cpf, '12345678909');
    await user.type(cep, '01001000');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.lookupFailed);
  });
});
