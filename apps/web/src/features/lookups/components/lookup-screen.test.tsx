import { purposeContract } from '@painel/shared/contracts/finalidades';
import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { creditModule, hoursFromNow, makeModule, trialUsage } from '@/test/module-fixtures';
import { activePurposes, seededPurposes } from '@/test/purpose-fixtures';
import { renderApp } from '@/test/render';

type Reply = Parameters<typeof mockApi>[0][string];

const person = {
  _aviso: 'Dados fictícios gerados para demonstração',
  dadosBasicos: {
    NOME: 'Jorge Teste',
    CPF: '123.456.789-09',
    sexo: 'M',
    DT_NASCIMENTO: '01/08/1974',
    status: 'REGULAR',
  },
  telefones: [{ ddd: '11', numero: '912345678', tipo: 'CELULAR', principal: true }],
};

const subscriber = makeUser({ data_expiracao: hoursFromNow(240) });

function openModule({
  user = makeUser(),
  modules = [makeModule()],
  remaining = 5,
  lookup = answer(lookupContract.run, {
    id: 1,
    status: 'sucesso',
    retorno: person,
    trial: true,
    aviso: messages.trialResultNote,
  }),
  path = '/consulta/1',
  afterLookup,
  purposes = answer(purposeContract.active, activePurposes(false)),
}: {
  user?: ReturnType<typeof makeUser>;
  modules?: unknown[];
  remaining?: number;
  lookup?: Reply;
  path?: string;
  /** What GET /modulos/ativos answers from its second call on. */
  afterLookup?: unknown[];
  /** GET /finalidades: by default the seeded purposes, none required. */
  purposes?: Reply;
} = {}) {
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': json(200, { user }),
    'GET /modulos/ativos': [
      json(200, { modulos: modules }),
      ...(afterLookup ? [json(200, { modulos: afterLookup })] : []),
    ],
    'GET /profile/trial-usage': answer(lookupContract.trialUsage, trialUsage(remaining)),
    'POST /consultas': lookup,
    'GET /finalidades': purposes,
  });
  return { api, ...renderApp(path) };
}

describe('query screen', () => {
  it('shows name, description, trial counter and one masked, numeric input per field', async () => {
    openModule({
      modules: [
        makeModule({
          campos_entrada: [
            { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
            { nome: 'idade', tipo: 'number', obrigatorio: false, mascara: null },
            { nome: 'email', tipo: 'email', obrigatorio: false, mascara: null },
          ],
        }),
      ],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'CPF Completo' })).toBeInTheDocument();
    expect(screen.getByText('Dados cadastrais a partir do CPF')).toBeInTheDocument();
    expect(await screen.findByText('TESTES: 5 restantes')).toBeInTheDocument();
    const cpf = screen.getByLabelText(/CPF/);
    expect(cpf).toHaveAttribute('placeholder', '000.000.000-00');
    expect(cpf).toHaveAttribute('inputmode', 'numeric');
    expect(cpf).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Idade/)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
  });

  it('auto-formats, shows every validation message, clears errors on edit and sends digits', async () => {
    const { api, user } = openModule({
      modules: [
        makeModule({
          campos_entrada: [
            { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
            { nome: 'quantidade', tipo: 'number', obrigatorio: false, mascara: null },
            { nome: 'email', tipo: 'email', obrigatorio: false, mascara: null },
          ],
        }),
      ],
    });
    const cpf = await screen.findByLabelText(/CPF/);
    const consultar = screen.getByRole('button', { name: 'Consultar' });

    await user.click(consultar);
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    expect(cpf).toHaveAttribute('aria-invalid', 'true');

    await user.type(cpf, '1234');
    expect(cpf).toHaveValue('123.4');
    expect(screen.queryByText(messages.required)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Quantidade/), '12a');
    await user.type(screen.getByLabelText(/Email/), 'maria@');
    await user.click(consultar);
    expect(await screen.findByText(messages.fillAllDigits)).toBeInTheDocument();
    expect(screen.getByText(messages.onlyDigits)).toBeInTheDocument();
    expect(screen.getByText(messages.invalidEmail)).toBeInTheDocument();
    expect(api.calls('POST /consultas')).toHaveLength(0);

    await user.type(cpf, '5678909999');
    expect(cpf).toHaveValue('123.456.789-09');
    await user.clear(screen.getByLabelText(/Quantidade/));
    await user.clear(screen.getByLabelText(/Email/));
    await user.click(consultar);

    await waitFor(() => expect(api.calls('POST /consultas')).toHaveLength(1));
    // No purpose is required here and none was chosen: none is sent.
    expect(api.calls('POST /consultas')[0]?.body).toEqual({ modulo_id: 1, input: { cpf: '12345678909' } });
  });

  it('a CNPJ field takes letters, formats with its own mask, refuses an impossible one and sends it canonical', async () => {
    const { api, user } = openModule({
      modules: [
        makeModule({ campos_entrada: [{ nome: 'cnpj', tipo: 'cnpj', obrigatorio: true, mascara: null }] }),
      ],
    });
    const cnpj = await screen.findByLabelText(/Cnpj|CNPJ/);
    expect(cnpj).toHaveAttribute('placeholder', 'AA.AAA.AAA/AAAA-00');
    expect(cnpj).toHaveAttribute('inputmode', 'text');
    await user.type(cnpj, '12abc34501de36');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-36');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(messages.invalidCnpj)).toBeInTheDocument();
    expect(api.calls('POST /consultas')).toHaveLength(0);

    await user.clear(cnpj);
    await user.type(cnpj, '12abc34501de35');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(api.calls('POST /consultas')).toHaveLength(1));
    expect(api.calls('POST /consultas')[0]?.body).toEqual({
      modulo_id: 1,
      input: { cnpj: '12ABC34501DE35' },
    });
  });

  it("shows 'Consultando...' and blocks the button while the lookup runs, then the result", async () => {
    let respond: (response: Response) => void = () => {};
    const { user, api } = openModule({
      lookup: () => new Promise<Response>((resolve) => (respond = resolve)),
    });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('button', { name: 'Consultando...' })).toBeDisabled();
    const trialCalls = api.calls('GET /profile/trial-usage').length;
    respond(
      answer(lookupContract.run, {
        id: 1,
        status: 'sucesso',
        retorno: person,
        trial: true,
        aviso: messages.trialResultNote,
      }),
    );

    const result = await screen.findByTestId('result-view');
    expect(within(result).getByText('Jorge Teste')).toBeInTheDocument();
    expect(screen.getByText(messages.trialResultNote)).toBeInTheDocument();
    for (const name of ['Salvar PDF', 'Copiar', 'Print', 'Limpar']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Nova Consulta Rápida' })).toBeInTheDocument();
    // Counters are read again after a successful lookup (docs/product/lookups.md#query-screen).
    await waitFor(() => expect(api.calls('GET /profile/trial-usage').length).toBeGreaterThan(trialCalls));
  });

  it("clears the result and the form with 'Limpar'", async () => {
    const { user } = openModule();
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByTestId('result-view');

    await user.click(screen.getByRole('button', { name: 'Limpar' }));

    expect(screen.queryByTestId('result-view')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/CPF/)).toHaveValue('');
  });

  it("shows the server's reason in a red box and its field errors on the field", async () => {
    const { user } = openModule({
      lookup: json(400, {
        error: 'Verifique os campos destacados',
        code: 'VALIDATION_ERROR',
        fields: { 'input.cpf': messages.fillAllDigits },
      }),
    });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique os campos destacados');
    expect(screen.getByText(messages.fillAllDigits)).toBeInTheDocument();
    expect(screen.getByLabelText(/CPF/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [json(404, { error: messages.upstreamNotFound, code: 'NOT_FOUND' }), messages.upstreamNotFound],
    [new Response('bad gateway', { status: 502 }), messages.lookupFailed],
  ])(
    "falls back to 'Erro ao realizar consulta' only when the server gives no reason",
    async (reply, text) => {
      const { user } = openModule({ lookup: reply });
      await user.type(await screen.findByLabelText(/CPF/), '12345678909');
      await user.click(screen.getByRole('button', { name: 'Consultar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    },
  );

  it('offline: says at once that nothing was charged, never sends it later, and a retry online works', async () => {
    const { user, api } = openModule();
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => {
      onLine.mockRestore();
      onlineManager.setOnline(true);
    });
    window.dispatchEvent(new Event('offline'));

    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sem conexão com o servidor. Nada foi cobrado.',
    );
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeEnabled();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // Time for a held mutation, if there were one, to be replayed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('POST /consultas')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByTestId('result-view')).toBeInTheDocument();
    expect(api.calls('POST /consultas')).toHaveLength(1);
    expect(screen.queryByText('Sem conexão com o servidor. Nada foi cobrado.')).not.toBeInTheDocument();
  });

  it('a retry after a dropped connection sends the same Idempotency-Key; the next lookup a new one', async () => {
    const { user, api } = openModule({
      lookup: [
        () => Promise.reject(new TypeError('Failed to fetch')),
        answer(lookupContract.run, { id: 1, status: 'sucesso', retorno: person, trial: false }),
      ],
    });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    // Safe to retry, and the user is told so.
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.lookupConnectionLostRetrySafe);

    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByTestId('result-view');
    const quick = screen.getByRole('region', { name: 'Nova Consulta Rápida' });
    await user.type(within(quick).getByLabelText(/CPF/), '12345678909');
    await user.click(within(quick).getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(api.calls('POST /consultas')).toHaveLength(3));
    expect(api.calls('POST /consultas')[2]!.body).toEqual(api.calls('POST /consultas')[0]!.body);

    const keys = api.calls('POST /consultas').map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The retry is the same submission: the server answers it once, charged once.
    expect(keys[1]).toBe(keys[0]);
    // The same values sent again after the result are a new lookup.
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a retry while the first send still runs says so: wait, it will not be charged twice', async () => {
    const { user } = openModule({
      lookup: json(409, { error: 'Idempotency-Key em andamento', code: 'IDEMPOTENCY_IN_PROGRESS' }),
    });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.lookupStillRunning);
  });

  it('blocks Consultar for a trial user with no tests left', async () => {
    openModule({ remaining: 0 });
    expect(await screen.findByText('TESTES: 0 restantes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeDisabled();
    expect(screen.getByText(messages.trialNoneLeft)).toBeInTheDocument();
  });

  it('blocks Consultar on a credit module without a subscription', async () => {
    openModule({ modules: [creditModule], path: '/consulta/2' });
    expect(await screen.findByText(messages.trialNotForCreditModules)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeDisabled();
  });

  it("shows 'Créditos: n' on a credit module with access", async () => {
    openModule({ user: subscriber, modules: [creditModule], path: '/consulta/2' });
    expect(await screen.findByText('Créditos: 12,50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  });

  it('shows the 24 h limit of a quantity module with access and raises it after a lookup', async () => {
    const { user } = openModule({
      user: subscriber,
      modules: [makeModule()],
      afterLookup: [makeModule({ usado: 4 })],
      lookup: answer(lookupContract.run, { id: 1, status: 'sucesso', retorno: person, trial: false }),
    });
    expect(await screen.findByText('Limite 24h: 3/100 (97 disponíveis)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByTestId('result-view');
    expect(screen.queryByText(messages.trialResultNote)).not.toBeInTheDocument();
    expect(await screen.findByText('Limite 24h: 4/100 (96 disponíveis)')).toBeInTheDocument();
  });

  it('says so when the module does not exist or is not active', async () => {
    openModule({ path: '/consulta/99' });
    expect(await screen.findByText(messages.moduleNotFound)).toBeInTheDocument();
  });
});

describe('the purpose of a lookup (docs/product/purposes.md#a-purpose-on-every-lookup)', () => {
  const required = answer(purposeContract.active, activePurposes(true));
  const purposeSelect = () => screen.getAllByRole('combobox', { name: /Finalidade/ })[0]!;

  it('requires one while exigir_finalidade is on, then sends it with the justification and shows it with the result', async () => {
    const { api, user } = openModule({ purposes: required });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByText(messages.purposeRequired)).toBeInTheDocument();
    expect(api.calls('POST /consultas')).toHaveLength(0);

    await user.selectOptions(purposeSelect(), 'Análise de crédito');
    await user.click(screen.getByRole('button', { name: 'Adicionar justificativa' }));
    await user.type(screen.getByRole('textbox', { name: /Justificativa/ }), ' Pedido de crédito 123 ');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    await waitFor(() => expect(api.calls('POST /consultas')).toHaveLength(1));
    expect(api.calls('POST /consultas')[0]?.body).toEqual({
      modulo_id: 1,
      input: { cpf: '12345678909' },
      finalidade_id: 1,
      justificativa: 'Pedido de crédito 123',
    });
    const shown = await screen.findByRole('region', { name: 'Finalidade da consulta' });
    expect(shown).toHaveTextContent('FinalidadeAnálise de crédito');
    expect(shown).toHaveTextContent('Base legalProteção do crédito (art. 7º, X)');
    expect(shown).toHaveTextContent('JustificativaPedido de crédito 123');
    // The quick panel starts with the purpose just used.
    const quick = screen.getByRole('region', { name: 'Nova Consulta Rápida' });
    expect(within(quick).getByRole('combobox', { name: /Finalidade/ })).toHaveDisplayValue(
      'Análise de crédito',
    );
  });

  it("remembers the user's last purpose for the next visit, per user", async () => {
    const first = openModule({ purposes: required });
    await first.user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await first.user.selectOptions(purposeSelect(), 'Prevenção a fraudes');
    await first.user.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByTestId('result-view');
    cleanup();

    openModule({ purposes: required });
    await waitFor(() => expect(purposeSelect()).toHaveDisplayValue('Prevenção a fraudes'));
    cleanup();

    // Another user of this browser starts with none.
    openModule({ user: makeUser({ id: 8 }), purposes: required });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    expect(purposeSelect()).toHaveValue('');
  });

  it('ignores a remembered purpose that is no longer offered', async () => {
    localStorage.setItem('finalidade:7', '2');
    const withoutFraud = seededPurposes.filter((purpose) => purpose.id !== 2);
    const { user, api } = openModule({
      purposes: answer(purposeContract.active, activePurposes(true, withoutFraud)),
    });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(purposeSelect()).toHaveValue('');
    await user.type(screen.getByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText(messages.purposeRequired)).toBeInTheDocument();
    expect(api.calls('POST /consultas')).toHaveLength(0);
  });

  it("shows the server's refusal on the select", async () => {
    const { user } = openModule({
      purposes: required,
      lookup: json(400, {
        error: 'Verifique os campos destacados',
        code: 'VALIDATION_ERROR',
        fields: { finalidade_id: messages.purposeRequired },
      }),
    });
    await user.type(await screen.findByLabelText(/CPF/), '12345678909');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await user.selectOptions(purposeSelect(), 'Análise de crédito');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique os campos destacados');
    expect(screen.getByText(messages.purposeRequired)).toBeInTheDocument();
    expect(purposeSelect()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the purposes cannot be read, and a lookup that needs none still runs', async () => {
    const { user, api } = openModule({
      purposes: json(503, { error: 'Serviço indisponível', code: 'SERVICE_UNAVAILABLE' }),
    });
    expect(await screen.findByText('Não foi possível carregar as finalidades.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/CPF/), '12345678909');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByTestId('result-view')).toBeInTheDocument();
    expect(api.calls('POST /consultas')[0]?.body).toEqual({ modulo_id: 1, input: { cpf: '12345678909' } });
  });
});
