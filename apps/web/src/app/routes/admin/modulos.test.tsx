import { moduleContract } from '@painel/shared/contracts/modules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeModule, renderModulesPage } from '@/app/routes/admin/modulos.test-support';
import { answer, json, mockApi } from '@/test/api-mock';

const catalogue = () => [
  makeModule({ id: 1, nome: 'CPF Completo', descricao: 'Dados por CPF', mascarar_por_padrao: true }),
  makeModule({
    id: 2,
    nome: 'Placa',
    tipo_limite: 'creditos',
    preco_por_consulta: 2.4,
    timeout_segundos: 45,
    manutencao: true,
    status: 'manutencao',
    imagem_url: '/uploads/module-images/abc.png',
  }),
  makeModule({ id: 3, nome: 'CEP', ativo: false, status: 'inativo' }),
];

/** happy-dom lays nothing out; dnd-kit's keyboard moves need rows stacked 50 px apart. */
function stackRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const row = this.closest('tr[data-module-id]');
    const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0;
    const top = index * 50;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 800,
      bottom: top + 50,
      width: 800,
      height: 50,
      toJSON: () => ({}),
    };
  });
}

const rowOf = (name: string) => screen.getByRole('row', { name });
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

describe('module list', () => {
  it('shows every column as docs/product/modules.md#module-administration lists them, with the Sistema Online indicator', async () => {
    mockApi({ 'GET /modulos': answer(moduleContract.list, { modulos: catalogue() }) });
    renderModulesPage();

    const placa = await screen.findByRole('row', { name: 'Placa' });
    expect(screen.getByText('Sistema Online')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Módulo', 'Tipo de Limite', 'Status', 'Timeout', 'Preço', 'Ações']);

    expect(within(placa).getByText('Por Créditos')).toBeInTheDocument();
    expect(within(placa).getByText('Manutenção', { selector: '[data-slot=badge]' })).toBeInTheDocument();
    expect(within(placa).getByText('45s')).toBeInTheDocument();
    expect(within(placa).getByText('2 créditos')).toBeInTheDocument();
    expect(placa.querySelector('img')).toHaveAttribute('src', '/uploads/module-images/abc.png');

    const cpf = rowOf('CPF Completo');
    expect(within(cpf).getByText('Dados por CPF')).toBeInTheDocument();
    expect(within(cpf).getByText('Por Quantidade')).toBeInTheDocument();
    expect(within(cpf).getByText('Online')).toBeInTheDocument();
    expect(within(cpf).getByText('Gratuito')).toBeInTheDocument();
    expect(within(cpf).getByText('30s')).toBeInTheDocument();
    expect(within(cpf).getByText('Mascarado por padrão')).toBeInTheDocument();
    expect(within(placa).queryByText('Mascarado por padrão')).not.toBeInTheDocument();
    expect(within(rowOf('CEP')).getByText('Inativo', { selector: '[data-slot=badge]' })).toBeInTheDocument();
  });

  it('says when there is no module yet', async () => {
    mockApi({ 'GET /modulos': answer(moduleContract.list, { modulos: [] }) });
    renderModulesPage();
    expect(await screen.findByText('Nenhum módulo cadastrado')).toBeInTheDocument();
  });

  it('asks before deleting and removes the row', async () => {
    const api = mockApi({
      'GET /modulos': [
        answer(moduleContract.list, { modulos: catalogue() }),
        answer(moduleContract.list, { modulos: catalogue().slice(1) }),
      ],
      'DELETE /modulos/1': json(204),
    });
    const { user } = renderModulesPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'CPF Completo' })).getByRole('button', {
        name: 'Deletar',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Tem certeza que deseja deletar este módulo?');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: 'CPF Completo' })).not.toBeInTheDocument());
    expect(api.calls('DELETE /modulos/1')).toHaveLength(1);
  });

  it("shows 'Erro ao deletar módulo' when the server refuses", async () => {
    mockApi({
      'GET /modulos': answer(moduleContract.list, { modulos: catalogue() }),
      'DELETE /modulos/1': json(500, { error: 'Falhou', code: 'INTERNAL_ERROR' }),
    });
    const { user } = renderModulesPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'CPF Completo' })).getByRole('button', {
        name: 'Deletar',
      }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deletar' }));

    expect(await screen.findByText('Erro ao deletar módulo')).toBeInTheDocument();
    expect(rowOf('CPF Completo')).toBeInTheDocument();
  });
});

describe('reordering', () => {
  let rects: ReturnType<typeof stackRows>;
  beforeEach(() => {
    rects = stackRows();
  });
  afterEach(() => rects.mockRestore());

  it("keeps 'Salvar ordem' disabled until a reorder, sends position × 10, and disables it again once saved", async () => {
    const saved = [catalogue()[2]!, catalogue()[0]!, catalogue()[1]!];
    const api = mockApi({
      'GET /modulos': answer(moduleContract.list, { modulos: catalogue() }),
      'POST /modulos/reorder': answer(moduleContract.reorder, { modulos: saved }),
    });
    const { user } = renderModulesPage();
    await screen.findByRole('row', { name: 'CEP' });
    const save = screen.getByRole('button', { name: 'Salvar ordem' });
    expect(save).toBeDisabled();

    // Keyboard drag: pick CEP up, two rows up, drop.
    screen.getByRole('button', { name: 'Arrastar CEP' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');

    await waitFor(() => expect(rowNames()).toEqual(['CEP', 'CPF Completo', 'Placa']));
    expect(save).toBeEnabled();
    expect(screen.getByText('Ordem alterada, ainda não salva.')).toBeInTheDocument();

    await user.click(save);

    await waitFor(() => expect(save).toBeDisabled());
    expect(api.calls('POST /modulos/reorder')[0]?.body).toEqual([
      { id: 3, ordem: 10 },
      { id: 1, ordem: 20 },
      { id: 2, ordem: 30 },
    ]);
    expect(rowNames()).toEqual(['CEP', 'CPF Completo', 'Placa']);
  });

  it("keeps the new order and the button when saving fails, with 'Erro ao salvar ordem'", async () => {
    mockApi({
      'GET /modulos': answer(moduleContract.list, { modulos: catalogue() }),
      'POST /modulos/reorder': json(500, { error: 'x', code: 'INTERNAL_ERROR' }),
    });
    const { user } = renderModulesPage();
    await screen.findByRole('row', { name: 'CEP' });

    screen.getByRole('button', { name: 'Arrastar Placa' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(rowNames()).toEqual(['CPF Completo', 'CEP', 'Placa']));
    await user.click(screen.getByRole('button', { name: 'Salvar ordem' }));

    expect(await screen.findByText('Erro ao salvar ordem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar ordem' })).toBeEnabled();
    expect(rowNames()).toEqual(['CPF Completo', 'CEP', 'Placa']);
  });
});

describe('status toggles', () => {
  it('flip at once and go back, with the screen message, when the server refuses', async () => {
    let refuse: (response: Response) => void = () => {};
    const api = mockApi({
      'GET /modulos': answer(moduleContract.list, { modulos: catalogue() }),
      'PUT /modulos/1/status': () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    });
    const { user } = renderModulesPage();
    const toggle = await screen.findByRole('switch', { name: 'Em manutenção: CPF Completo' });
    expect(toggle).not.toBeChecked();
    expect(within(rowOf('CPF Completo')).getByText('Normal')).toBeInTheDocument();

    await user.click(toggle);

    // Optimistic: the switch, its label and the badge change before the server answers.
    expect(toggle).toBeChecked();
    expect(
      within(rowOf('CPF Completo')).getByText('Manutenção', { selector: '[data-slot=badge]' }),
    ).toBeInTheDocument();
    expect(api.calls('PUT /modulos/1/status')[0]?.body).toEqual({ manutencao: true });

    refuse(json(500, { error: 'Falha interna', code: 'INTERNAL_ERROR' }));

    expect(await screen.findByText('Erro ao atualizar status')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(rowOf('CPF Completo')).getByText('Online')).toBeInTheDocument();
  });

  it('turn a module off with {ativo:false} and keep it off when the server agrees', async () => {
    const off = makeModule({ id: 1, nome: 'CPF Completo', ativo: false, status: 'inativo' });
    const api = mockApi({
      'GET /modulos': [
        answer(moduleContract.list, { modulos: catalogue() }),
        answer(moduleContract.list, { modulos: [off, ...catalogue().slice(1)] }),
      ],
      'PUT /modulos/1/status': answer(moduleContract.setStatus, off),
    });
    const { user } = renderModulesPage();
    const toggle = await screen.findByRole('switch', { name: 'Módulo ativo: CPF Completo' });

    await user.click(toggle);

    await waitFor(() =>
      expect(within(rowOf('CPF Completo')).getByText('Inativo', { selector: 'label' })).toBeInTheDocument(),
    );
    expect(toggle).not.toBeChecked();
    expect(api.calls('PUT /modulos/1/status')[0]?.body).toEqual({ ativo: false });
  });
});

describe('reseller', () => {
  it('sees the same list read-only: no handles, toggles, edit, delete or create', async () => {
    mockApi({
      'GET /modulos': answer(moduleContract.list, {
        modulos: catalogue().map(({ api_url: _url, headers_definidos: _headers, ...module }) => module),
      }),
    });
    renderModulesPage('revendedor');

    await screen.findByRole('row', { name: 'Placa' });
    expect(screen.getByText(/Somente leitura/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Arrastar/ })).not.toBeInTheDocument();
    for (const name of ['Editar', 'Deletar', 'Novo Módulo', 'Salvar ordem']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(within(rowOf('Placa')).getByText('2 créditos')).toBeInTheDocument();
  });
});
