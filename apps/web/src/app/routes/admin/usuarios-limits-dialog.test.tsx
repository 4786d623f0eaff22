import { userContract } from '@painel/shared/contracts/users';
import { messages } from '@painel/shared/messages';
import type { UserLimits } from '@painel/shared/schemas/users-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { renderUsersPage, usersPage } from '@/app/routes/admin/usuarios.test-support';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

afterEach(() => {
  toast.dismiss();
});

const ana = makeUser({ id: 11, nome: 'Ana Lima' });

const limits = (modulos: UserLimits['modulos']): UserLimits => ({
  creditos: 12.5,
  tempo: { data_expiracao: null },
  modulos,
});

async function openLimits(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /users': usersPage([ana]), ...routes });
  const { user } = renderUsersPage();
  await user.click(await screen.findByRole('button', { name: 'Ações de Ana Lima' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Limites de Uso' }));
  const dialog = await screen.findByRole('dialog', { name: 'Limites de Uso' });
  return { api, user, dialog };
}

const barOf = (dialog: HTMLElement, nome: string) =>
  within(dialog).getByRole('progressbar', { name: `Uso de ${nome}` });

describe('Limites de Uso', () => {
  it('colours each bar: red at 90 % or more, yellow at 70 % or more, green below', async () => {
    const { dialog } = await openLimits({
      'GET /users/11/limits': answer(
        userContract.limits,
        limits({
          '1': { nome: 'CPF', usado: 90, limite: 100 },
          '2': { nome: 'CEP', usado: 89, limite: 100 },
          '3': { nome: 'Placa', usado: 70, limite: 100 },
          '4': { nome: 'Email', usado: 69, limite: 100 },
          '5': { nome: 'Nome', usado: 3, limite: null },
          '6': { nome: 'Telefone', usado: 0, limite: 0 },
          '7': { nome: 'CNPJ', usado: 1500, limite: 2000 },
        }),
      ),
    });

    await within(dialog).findByRole('progressbar', { name: 'Uso de CPF' });
    expect(barOf(dialog, 'CPF')).toHaveAttribute('data-level', 'red');
    expect(barOf(dialog, 'CEP')).toHaveAttribute('data-level', 'yellow');
    expect(barOf(dialog, 'Placa')).toHaveAttribute('data-level', 'yellow');
    expect(barOf(dialog, 'Email')).toHaveAttribute('data-level', 'green');
    expect(barOf(dialog, 'Telefone')).toHaveAttribute('data-level', 'red');
    expect(barOf(dialog, 'Nome')).toHaveAttribute('data-level', 'unlimited');
    expect(barOf(dialog, 'CPF').firstElementChild?.className).toMatch(/bg-red-500/);
    expect(barOf(dialog, 'Placa').firstElementChild?.className).toMatch(/bg-amber-400/);
    expect(barOf(dialog, 'Email').firstElementChild?.className).toMatch(/bg-emerald-500/);
    expect(barOf(dialog, 'CPF')).toHaveAttribute('aria-valuenow', '90');
    expect(within(dialog).getByRole('listitem', { name: 'CPF' })).toHaveTextContent('90/100 (90%)');
    expect(within(dialog).getByRole('listitem', { name: 'Nome' })).toHaveTextContent('3 / Ilimitado');
    // Counts as the rest of the panel writes them: '1.500/2.000', not '1500/2000'.
    expect(within(dialog).getByRole('listitem', { name: 'CNPJ' })).toHaveTextContent('1.500/2.000 (75%)');
    expect(dialog).toHaveTextContent('12,50');
    expect(dialog).toHaveTextContent('Sem expiração');
  });

  it("says 'Não foi possível carregar os limites.' when they do not load", async () => {
    const { dialog } = await openLimits({
      'GET /users/11/limits': json(500, { error: 'Falhou', code: 'INTERNAL_ERROR' }),
    });
    expect(await within(dialog).findByText('Não foi possível carregar os limites.')).toBeInTheDocument();
  });

  it("says 'Nenhum módulo com contagem registrado.' when there is none", async () => {
    const { dialog } = await openLimits({ 'GET /users/11/limits': answer(userContract.limits, limits({})) });
    expect(await within(dialog).findByText('Nenhum módulo com contagem registrado.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Resetar todos' })).not.toBeInTheDocument();
  });

  it('resets the counters only after a confirmation', async () => {
    const { api, user, dialog } = await openLimits({
      'GET /users/11/limits': answer(
        userContract.limits,
        limits({ '1': { nome: 'CPF', usado: 9, limite: 10 } }),
      ),
      'POST /users/11/modules/reset-usage': answer(userContract.resetUsage, {
        message: 'Limites resetados',
        resetados: 9,
      }),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Resetar todos' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Zerar a contagem das últimas 24h de todos os módulos deste usuário?');
    expect(api.calls('POST /users/11/modules/reset-usage')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST /users/11/modules/reset-usage')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Resetar CPF' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Resetar' }));
    await waitFor(() =>
      expect(api.calls('POST /users/11/modules/reset-usage')[0]?.body).toEqual({ modulo_id: 1 }),
    );
    expect(await screen.findByText('Limites resetados')).toBeInTheDocument();
  });

  it('sets a module limit (blank is unlimited) and refuses a negative one', async () => {
    const { api, user, dialog } = await openLimits({
      'GET /users/11/limits': answer(
        userContract.limits,
        limits({ '1': { nome: 'CPF', usado: 9, limite: 10 } }),
      ),
      'POST /users/11/module-limit': answer(userContract.setModuleLimit, {
        user: ana,
        message: 'Limite do módulo atualizado',
      }),
    });
    const row = await within(dialog).findByRole('listitem', { name: 'CPF' });
    const input = within(row).getByLabelText('Limite em 24h');
    expect(input).toHaveValue(10);

    await user.clear(input);
    await user.type(input, '-1');
    await user.click(within(row).getByRole('button', { name: 'Salvar limite de CPF' }));
    expect(await within(row).findByText('O limite não pode ser negativo')).toBeInTheDocument();
    expect(api.calls('POST /users/11/module-limit')).toHaveLength(0);

    await user.clear(input);
    await user.click(within(row).getByRole('button', { name: 'Salvar limite de CPF' }));
    await waitFor(() =>
      expect(api.calls('POST /users/11/module-limit')[0]?.body).toEqual({ modulo_id: 1, limite: null }),
    );
    expect(await screen.findByText('Limite do módulo atualizado')).toBeInTheDocument();
  });

  it('refuses a fractional limit on the field until the next Salvar sends a whole one', async () => {
    const { api, user, dialog } = await openLimits({
      'GET /users/11/limits': answer(
        userContract.limits,
        limits({ '1': { nome: 'CPF', usado: 9, limite: 10 } }),
      ),
      'POST /users/11/module-limit': answer(userContract.setModuleLimit, {
        user: ana,
        message: 'Limite do módulo atualizado',
      }),
    });
    const row = await within(dialog).findByRole('listitem', { name: 'CPF' });
    const input = within(row).getByLabelText('Limite em 24h');
    const salvar = within(row).getByRole('button', { name: 'Salvar limite de CPF' });

    await user.clear(input);
    await user.type(input, '1.5');
    await user.click(salvar);
    const error = await within(row).findByText(messages.invalidValue);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);

    await user.clear(input);
    await user.type(input, '5');
    expect(within(row).getByText(messages.invalidValue)).toBeInTheDocument();
    expect(api.calls('POST /users/11/module-limit')).toHaveLength(0);

    await user.click(salvar);
    await waitFor(() =>
      expect(api.calls('POST /users/11/module-limit')[0]?.body).toEqual({ modulo_id: 1, limite: 5 }),
    );
    expect(within(row).queryByText(messages.invalidValue)).not.toBeInTheDocument();
  });
});
