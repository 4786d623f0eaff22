import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LookupForm } from '@/features/lookups/components/lookup-form';
import type { PurposeChoice } from '@/features/lookups/hooks/use-purpose-choice';
import type { LookupRequest } from '@/features/lookups/utils/lookup-form-schema';
import { ApiError } from '@/lib/api-client';
import { seededPurposes } from '@/test/purpose-fixtures';

/** The purposes read, none required and none remembered, unless told otherwise. */
function purposeChoice(overrides: Partial<PurposeChoice> = {}): PurposeChoice {
  return {
    list: seededPurposes,
    required: false,
    loading: false,
    failed: false,
    retry: () => {},
    initialId: null,
    ...overrides,
  };
}

const fields: QueryField[] = [
  { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
  { nome: 'cep', tipo: 'string', obrigatorio: true, mascara: '00000-000' },
];

function renderForm(
  onSubmit: (request: LookupRequest) => Promise<unknown>,
  purposes: PurposeChoice = purposeChoice(),
) {
  const user = userEvent.setup();
  render(
    <LookupForm fields={fields} purposes={purposes} onSubmit={onSubmit} busy={false} blockedReason={null} />,
  );
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
    expect(onSubmit).toHaveBeenCalledWith({
      input: { cpf: '12345678909', cep: '01001000' },
      finalidade_id: null,
      justificativa: null,
    });
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

describe('the purpose (docs/product/purposes.md#a-purpose-on-every-lookup)', () => {
  async function fillInput(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/CPF/), '12345678909');
    await user.type(screen.getByLabelText(/CEP/), '01001000');
  }

  it("offers the active purposes by name with the chosen one's legal basis under the select", async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderForm(onSubmit, purposeChoice({ required: true }));
    const select = screen.getByRole('combobox', { name: /Finalidade/ });
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Selecione a finalidade',
      'Análise de crédito',
      'Cumprimento de obrigação legal ou regulatória',
      'Exercício regular de direitos',
      'Prevenção a fraudes',
    ]);

    await user.selectOptions(select, 'Prevenção a fraudes');
    expect(select).toHaveAccessibleDescription('Base legal: Interesse legítimo (art. 7º, IX)');
    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        input: { cpf: '12345678909', cep: '01001000' },
        finalidade_id: 2,
        justificativa: null,
      }),
    );
  });

  it("refuses a lookup without a purpose while one is required, with the server's message, before sending", async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderForm(onSubmit, purposeChoice({ required: true }));
    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByText(messages.purposeRequired)).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: /Finalidade/ });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(select, 'Análise de crédito');
    expect(screen.queryByText(messages.purposeRequired)).not.toBeInTheDocument();
  });

  it('sends no purpose when none is required and none is chosen', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderForm(onSubmit);
    expect(screen.getByRole('combobox', { name: /Finalidade/ })).toHaveDisplayValue('Sem finalidade');
    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ finalidade_id: null })),
    );
  });

  it("starts with the remembered purpose, and shows the server's refusal of a purpose on the select", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Verifique os campos destacados', {
        finalidade_id: messages.purposeRequired,
      });
    });
    const { user } = renderForm(onSubmit, purposeChoice({ required: true, initialId: 4 }));
    const select = screen.getByRole('combobox', { name: /Finalidade/ });
    expect(select).toHaveDisplayValue('Exercício regular de direitos');
    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique os campos destacados');
    expect(screen.getByText(messages.purposeRequired)).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(select).toHaveFocus());
  });

  it('says when the purposes could not be read, retries on request, and still sends a lookup that needs none', async () => {
    const retry = vi.fn();
    const onSubmit = vi.fn(async () => {});
    const { user } = renderForm(onSubmit, purposeChoice({ list: undefined, failed: true, retry }));
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar as finalidades.');
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(retry).toHaveBeenCalled();

    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ finalidade_id: null })),
    );
  });

  it('says so when no purpose is active', () => {
    renderForm(async () => {}, purposeChoice({ list: [], required: true }));
    expect(screen.getByRole('combobox', { name: /Finalidade/ })).toHaveAccessibleDescription(
      'Nenhuma finalidade ativa. Peça ao administrador que cadastre uma.',
    );
  });

  it("takes an optional justification behind 'Adicionar justificativa', counting up to 500 characters", async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderForm(onSubmit, purposeChoice({ required: true, initialId: 1 }));
    expect(screen.queryByRole('textbox', { name: /Justificativa/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adicionar justificativa' }));
    const justification = screen.getByRole('textbox', { name: /Justificativa/ });
    expect(justification).toHaveFocus();
    expect(justification).toHaveAttribute('maxlength', '500');
    await user.type(justification, 'Pedido de crédito 123');
    expect(justification).toHaveAccessibleDescription('21/500 caracteres');

    await fillInput(user);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ finalidade_id: 1, justificativa: 'Pedido de crédito 123' }),
      ),
    );
  });
});

describe('pasting into a masked field (docs/product/lookups.md#pasting)', () => {
  const phone: QueryField = { nome: 'telefone', tipo: 'telefone', obrigatorio: true, mascara: null };
  const celular: QueryField = {
    nome: 'celular',
    tipo: 'string',
    obrigatorio: true,
    mascara: '(00) 00000-0000',
  };
  const cpf: QueryField = { nome: 'cpf', tipo: 'cpf', obrigatorio: true, mascara: null };
  const cnpj: QueryField = { nome: 'cnpj', tipo: 'cnpj', obrigatorio: true, mascara: null };

  function renderField(field: QueryField) {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_request: LookupRequest) => {});
    render(
      <LookupForm
        fields={[field]}
        purposes={purposeChoice()}
        onSubmit={onSubmit}
        busy={false}
        blockedReason={null}
      />,
    );
    return { user, onSubmit, input: screen.getByRole('textbox') };
  }

  it.each([
    [cpf, ' 529.982.247-25', '529.982.247-25', '52998224725'],
    [cpf, 'CPF: 529.982.247-25', '529.982.247-25', '52998224725'],
    [phone, '+55 11 98765-4321', '(11) 98765-4321', '11987654321'],
    [celular, '+55 11 98765-4321', '(11) 98765-4321', '11987654321'],
    [cnpj, 'CNPJ nº 12.abc.345/01de-35', '12.ABC.345/01DE-35', '12ABC34501DE35'],
  ])('%o: pasting %j shows %j and sends %j', async (field, pasted, shown, sent) => {
    const { user, onSubmit, input } = renderField(field);
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue(shown);
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ input: { [field.nome]: sent } })),
    );
  });

  it('a whole value pasted over a half-typed one replaces it; a value too long stays as pasted and is refused', async () => {
    const { user, onSubmit, input } = renderField(cpf);
    await user.type(input, '123');
    await user.paste('529.982.247-25');
    expect(input).toHaveValue('529.982.247-25');

    await user.clear(input);
    await user.paste('1529.982.247-25');
    expect(input).toHaveValue('1529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(messages.invalidCpf)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('typing still stops at the end of the mask, and a phone field formats as it is typed', async () => {
    const { user, input } = renderField(phone);
    await user.type(input, '119876543210');
    expect(input).toHaveValue('(11) 98765-4321');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });
});
