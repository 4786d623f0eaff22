import { moduleContract } from '@painel/shared/contracts/modules';
import { uploadContract } from '@painel/shared/contracts/uploads';
import { messages } from '@painel/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeModule, renderModulesPage } from '@/app/routes/admin/modulos.test-support';
import { answer, json, mockApi } from '@/test/api-mock';

async function openCreate(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /modulos': answer(moduleContract.list, { modulos: [] }), ...routes });
  const { user } = renderModulesPage();
  await user.click(await screen.findByRole('button', { name: 'Novo Módulo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo Módulo' });
  return { api, user, dialog };
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Salvar Alterações' });

describe('create form', () => {
  it('asks for nome, descrição and URL and sends nothing until they are there', async () => {
    const { api, user, dialog } = await openCreate();

    await user.click(save(dialog));

    expect(await within(dialog).findAllByText(messages.required)).toHaveLength(3);
    expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription(messages.required);
    expect(api.calls('POST /modulos')).toHaveLength(0);
  });

  it('accepts an http(s) URL or a /demo-api/ path only', async () => {
    const { user, dialog } = await openCreate();
    const url = within(dialog).getByLabelText('URL da API');
    expect(url).toHaveAccessibleDescription(/\{campo\}/);

    await user.type(url, 'ftp://x');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.invalidUrl)).toBeInTheDocument();
  });

  it('shows the quantity limit only for quantity modules, with their default values', async () => {
    const { user, dialog } = await openCreate();

    expect(within(dialog).getByLabelText('Tipo de Limite')).toHaveValue('quantidade');
    expect(within(dialog).getByLabelText('Limite padrão (consultas em 24h)')).toHaveValue(1000);
    expect(within(dialog).getByLabelText('Timeout (segundos)')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Preço por consulta (créditos)')).toHaveValue(1);

    await user.selectOptions(within(dialog).getByLabelText('Tipo de Limite'), 'creditos');
    expect(within(dialog).queryByLabelText('Limite padrão (consultas em 24h)')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Tipo de Limite'), 'quantidade');
    const limit = within(dialog).getByLabelText('Limite padrão (consultas em 24h)');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.limitMin1)).toBeInTheDocument();
  });

  it('keeps the timeout between 5 and 300 seconds', async () => {
    const { user, dialog } = await openCreate();
    const timeout = within(dialog).getByLabelText('Timeout (segundos)');

    for (const value of ['4', '301']) {
      await user.clear(timeout);
      await user.type(timeout, value);
      await user.click(save(dialog));
      expect(await within(dialog).findByText(messages.timeoutRange)).toBeInTheDocument();
    }
    await user.clear(timeout);
    await user.type(timeout, '300');
    await user.click(save(dialog));
    await waitFor(() => expect(within(dialog).queryByText(messages.timeoutRange)).not.toBeInTheDocument());
  });

  it('takes a price of at least 0 with at most two decimals (cents)', async () => {
    const { user, dialog } = await openCreate();
    const price = within(dialog).getByLabelText('Preço por consulta (créditos)');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toHaveAttribute('min', '0');

    await user.clear(price);
    await user.type(price, '1.234');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.priceCents)).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '-1');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.priceNonNegative)).toBeInTheDocument();
  });

  it('adds and removes input fields, with the hint when there are none', async () => {
    const { user, dialog } = await openCreate();
    const hint = 'Sem campos configurados. Adicione campos conforme a API.';
    expect(within(dialog).getByText(hint)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    expect(within(dialog).queryByText(hint)).not.toBeInTheDocument();
    expect(within(dialog).getAllByTestId('input-field-row')).toHaveLength(2);
    const types = within(dialog).getAllByLabelText('Tipo');
    expect([...(types[0] as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Texto',
      'Email',
      'Número',
      'CPF',
      'CNPJ (numérico ou alfanumérico)',
      'CPF ou CNPJ',
      'Placa',
      'Renavam',
      'Chassi',
      'CEP',
      'Telefone',
      'PIS/NIS/NIT',
      'CNS (Cartão Nacional de Saúde)',
      'Título de eleitor',
    ]);
    // The mask language is spelled out where masks are typed.
    expect(within(dialog).getByTestId('mask-help')).toHaveTextContent(
      /0 é um dígito, A é uma letra ou um dígito .*AA\.AAA\.AAA\/AAAA-00/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Remover campo 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remover campo 1' }));
    expect(within(dialog).getByText(hint)).toBeInTheDocument();
  });

  it('says when two fields share a name, and drops that error once the list of fields changes', async () => {
    const { api, user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Nome'), 'Duplicado');
    await user.type(within(dialog).getByLabelText('URL da API'), '/demo-api/cpf/{{cpf}');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    const names = within(dialog).getAllByLabelText('Nome do campo');
    await user.type(names[0]!, 'cpf');
    await user.type(names[1]!, 'cpf');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.fieldNamesRepeated)).toBeInTheDocument();
    expect(api.calls('POST /modulos')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remover campo 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    await user.click(save(dialog));
    // A fresh, empty field is a missing name, not 'the same name' as anything.
    const rows = within(dialog).getAllByTestId('input-field-row');
    expect(within(rows[1]!).getByText(messages.required)).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(messages.fieldNameInvalid)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(messages.fieldNamesRepeated)).not.toBeInTheDocument();
    expect(api.calls('POST /modulos')).toHaveLength(0);
  });

  it('creates the module with what was typed, fields and secret headers included', async () => {
    const created = makeModule({ id: 9, nome: 'CPF Demo' });
    const { api, user, dialog } = await openCreate({
      'POST /modulos': answer(moduleContract.create, created),
    });

    await user.type(within(dialog).getByLabelText('Nome'), 'CPF Demo');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Consulta de teste');
    await user.type(within(dialog).getByLabelText('URL da API'), '/demo-api/cpf/{{cpf}');
    await user.selectOptions(within(dialog).getByLabelText('Tipo de Limite'), 'creditos');
    const price = within(dialog).getByLabelText('Preço por consulta (créditos)');
    await user.clear(price);
    await user.type(price, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    await user.type(within(dialog).getByLabelText('Nome do campo'), 'cpf');
    await user.type(within(dialog).getByLabelText('Máscara'), '000.000.000-00');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar cabeçalho' }));
    await user.type(within(dialog).getByLabelText('Cabeçalho'), 'Authorization');
    await user.type(within(dialog).getByLabelText('Valor'), 'Bearer segredo');
    const masking = within(dialog).getByRole('switch', { name: 'Mascarar por padrão' });
    expect(masking).not.toBeChecked();
    expect(masking).toHaveAccessibleDescription(
      'Resultados ficam mascarados até o usuário revelar com uma justificativa.',
    );
    await user.click(masking);
    await user.click(save(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /modulos')[0]?.body).toEqual({
      nome: 'CPF Demo',
      descricao: 'Consulta de teste',
      api_url: '/demo-api/cpf/{cpf}',
      tipo_limite: 'creditos',
      preco_por_consulta: 2.5,
      timeout_segundos: 30,
      limite_padrao_quantidade: 1000,
      imagem_url: null,
      campos_entrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
      headers: { Authorization: 'Bearer segredo' },
      mascarar_por_padrao: true,
    });
  });

  it("shows 'Erro ao criar módulo' with the server's reason and stays open", async () => {
    const { user, dialog } = await openCreate({
      'POST /modulos': json(400, {
        error: 'Informe uma URL válida',
        code: 'VALIDATION_ERROR',
        fields: { api_url: 'Informe uma URL válida' },
      }),
    });
    await user.type(within(dialog).getByLabelText('Nome'), 'X');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Y');
    await user.type(within(dialog).getByLabelText('URL da API'), 'https://api.exemplo/x');
    await user.click(save(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao criar módulo: Informe uma URL válida',
    );
    expect(within(dialog).getByLabelText('URL da API')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a wrong image type or a file over 5 MB before sending it', async () => {
    const { api, dialog } = await openCreate();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;

    // A file picker's 'accept' is only a hint: a person can still pick any file.
    fireEvent.change(input, { target: { files: [new File(['x'], 'nota.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText(messages.imageType)).toBeInTheDocument();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByText(messages.imageTooLarge)).toBeInTheDocument();
    expect(api.calls('POST /upload/module-image')).toHaveLength(0);
  });

  it('uploads an image, previews it, and deletes it when the form is cancelled', async () => {
    const { api, user, dialog } = await openCreate({
      'POST /upload/module-image': answer(uploadContract.moduleImage, {
        imageUrl: '/uploads/module-images/aaaa.png',
      }),
      'DELETE /upload/module-image/aaaa.png': json(204),
    });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;

    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));

    expect(await within(dialog).findByAltText('Pré-visualização da imagem do módulo')).toHaveAttribute(
      'src',
      '/uploads/module-images/aaaa.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(api.calls('DELETE /upload/module-image/aaaa.png')).toHaveLength(1));
  });

  it('keeps only the image that was saved: one replaced before saving is deleted', async () => {
    const { api, user, dialog } = await openCreate({
      'POST /upload/module-image': [
        answer(uploadContract.moduleImage, { imageUrl: '/uploads/module-images/primeira.png' }),
        answer(uploadContract.moduleImage, { imageUrl: '/uploads/module-images/segunda.png' }),
      ],
      'DELETE /upload/module-image/primeira.png': json(204),
      'POST /modulos': answer(moduleContract.create, makeModule({ id: 9 })),
    });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['1'], 'a.png', { type: 'image/png' }));
    await within(dialog).findByRole('button', { name: 'Trocar imagem' });
    await user.upload(input, new File(['2'], 'b.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(within(dialog).getByAltText('Pré-visualização da imagem do módulo')).toHaveAttribute(
        'src',
        '/uploads/module-images/segunda.png',
      ),
    );
    await user.type(within(dialog).getByLabelText('Nome'), 'Com imagem');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Teste');
    await user.type(within(dialog).getByLabelText('URL da API'), 'https://api.exemplo/x');
    await user.click(save(dialog));

    await waitFor(() => expect(api.calls('DELETE /upload/module-image/primeira.png')).toHaveLength(1));
    expect(api.calls('POST /modulos')[0]?.body).toMatchObject({
      imagem_url: '/uploads/module-images/segunda.png',
    });
    expect(api.requests.filter((request) => request.path.endsWith('segunda.png'))).toHaveLength(0);
  });

  it("shows the server's reason when the upload is refused", async () => {
    const { user, dialog } = await openCreate({
      'POST /upload/module-image': json(400, { error: 'Formato não suportado', code: 'VALIDATION_ERROR' }),
    });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Formato não suportado')).toBeInTheDocument();
  });
});

describe('edit dialog', () => {
  const stored = makeModule({
    id: 4,
    nome: 'CPF Completo',
    descricao: 'Dados por CPF',
    campos_entrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
    headers_definidos: ['Authorization', 'X-Chave'],
    imagem_url: '/uploads/module-images/velha.png',
  });

  async function openEdit(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({ 'GET /modulos': answer(moduleContract.list, { modulos: [stored] }), ...routes });
    const { user } = renderModulesPage();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar CPF Completo' });
    return { api, user, dialog };
  }

  it('lets descrição be empty, shows stored headers as definido without values, and sends only changes to them', async () => {
    const { api, user, dialog } = await openEdit({ 'PUT /modulos/4': answer(moduleContract.update, stored) });
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('CPF Completo');
    expect(within(dialog).getAllByText('definido')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Novo valor de Authorization')).toHaveValue('');

    await user.clear(within(dialog).getByLabelText('Descrição (opcional)'));
    await user.type(within(dialog).getByLabelText('Novo valor de Authorization'), 'Bearer novo');
    const chave = within(dialog).getAllByTestId('secret-header-row')[1] as HTMLElement;
    await user.click(within(chave).getByRole('button', { name: 'Remover' }));
    expect(within(chave).getByText('será removido')).toBeInTheDocument();
    await user.click(save(dialog));

    await waitFor(() => expect(api.calls('PUT /modulos/4')).toHaveLength(1));
    expect(api.calls('PUT /modulos/4')[0]?.body).toMatchObject({
      nome: 'CPF Completo',
      descricao: '',
      headers: { Authorization: 'Bearer novo', 'X-Chave': null },
      imagem_url: '/uploads/module-images/velha.png',
    });
  });

  it("shows 'Mascarar por padrão' as stored and sends the change", async () => {
    const { api, user, dialog } = await openEdit({
      'GET /modulos': answer(moduleContract.list, { modulos: [{ ...stored, mascarar_por_padrao: true }] }),
      'PUT /modulos/4': answer(moduleContract.update, stored),
    });
    const masking = within(dialog).getByRole('switch', { name: 'Mascarar por padrão' });
    expect(masking).toBeChecked();

    await user.click(masking);
    expect(masking).not.toBeChecked();
    await user.click(save(dialog));

    await waitFor(() => expect(api.calls('PUT /modulos/4')).toHaveLength(1));
    expect(api.calls('PUT /modulos/4')[0]?.body).toMatchObject({ mascarar_por_padrao: false });
  });

  it('still requires nome and URL', async () => {
    const { api, user, dialog } = await openEdit();
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.clear(within(dialog).getByLabelText('URL da API'));
    await user.click(save(dialog));
    expect(await within(dialog).findAllByText(messages.required)).toHaveLength(2);
    expect(api.calls('PUT /modulos/4')).toHaveLength(0);
  });

  it("shows 'Erro ao atualizar módulo' when the save fails", async () => {
    const { user, dialog } = await openEdit({ 'PUT /modulos/4': json(500, {}) });
    await user.click(save(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro ao atualizar módulo');
  });

  it('Testar runs the saved module and shows the raw answer and its latency', async () => {
    const { api, user, dialog } = await openEdit({
      'POST /modulos/4/testar': answer(moduleContract.test, {
        ok: true,
        latencia_ms: 42,
        resposta: { nome: 'FULANO DE TAL' },
      }),
    });
    await user.type(within(dialog).getByLabelText('cpf*'), '123.456.789-09');
    await user.click(within(dialog).getByRole('button', { name: 'Testar' }));

    const result = await within(dialog).findByTestId('module-test-result');
    expect(result).toHaveTextContent('Sucesso');
    expect(result).toHaveTextContent('Latência: 42 ms');
    expect(result).toHaveTextContent('"nome": "FULANO DE TAL"');
    expect(api.calls('POST /modulos/4/testar')[0]?.body).toEqual({ input: { cpf: '123.456.789-09' } });
    expect(api.calls('PUT /modulos/4')).toHaveLength(0);
  });
});
