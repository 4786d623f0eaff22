import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { moduleContract } from '@painel/shared/contracts/modules';
import { messages } from '@painel/shared/messages';
import type { ApiKey } from '@painel/shared/schemas/api-keys';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/sonner';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeModule } from '@/test/module-fixtures';
import { createTestQueryClient } from '@/test/render';

afterEach(() => {
  toast.dismiss();
});

const WHOLE_KEY = `pk_abc123xyz${'Q'.repeat(31)}`;

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 1,
    nome: 'Sistema da loja',
    prefixo: 'pk_abc123xyz',
    modulos: null,
    ips: null,
    limite_diario_creditos: null,
    limite_por_segundo: 10,
    expira_em: null,
    ultimo_uso: null,
    criada_em: '2026-03-10T15:00:00.000Z',
    ...overrides,
  };
}

const modules = [makeModule({ id: 1, nome: 'CPF' }), makeModule({ id: 2, nome: 'Placa' })];
type Routes = Parameters<typeof mockApi>[0];

function renderCard(routes: Routes) {
  signIn('tok-1', makeUser());
  const api = mockApi({
    'GET /modulos/ativos': answer(moduleContract.active, { modulos: modules }),
    ...routes,
  });
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ApiKeysCard docsPath="/integracao" />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user, queryClient };
}

const list = (chaves: ApiKey[]) => answer(apiKeyContract.list, { chaves });

describe("'Chaves de API' card", () => {
  it('lists each key by prefix, never the key, with what it may do', async () => {
    renderCard({
      'GET /profile/api-keys': list([
        makeKey(),
        makeKey({
          id: 2,
          nome: 'ERP',
          prefixo: 'pk_def456uvw',
          modulos: [2, 9],
          ips: ['203.0.113.10', '198.51.100.0/24'],
          limite_diario_creditos: 25.5,
          expira_em: '2027-01-31T12:00:00.000Z',
          ultimo_uso: '2026-03-11T13:30:00.000Z',
        }),
      ]),
    });

    const loja = await screen.findByRole('listitem', { name: 'Sistema da loja' });
    expect(within(loja).getByText('pk_abc123xyz…')).toHaveClass('font-mono');
    expect(loja).toHaveTextContent('MódulosTodos');
    expect(loja).toHaveTextContent('IPsQualquer endereço');
    expect(loja).toHaveTextContent('Limite diárioSem limite');
    expect(loja).toHaveTextContent('Expira emNunca');
    expect(loja).toHaveTextContent('Último usoNunca usada');
    expect(loja).toHaveTextContent('Criada em10/03/2026');

    const erp = screen.getByRole('listitem', { name: 'ERP' });
    await waitFor(() => expect(erp).toHaveTextContent('MódulosPlaca, Módulo #9'));
    expect(erp).toHaveTextContent('IPs203.0.113.10, 198.51.100.0/24');
    expect(erp).toHaveTextContent('Limite diário25,50 créditos/dia');
    expect(erp).toHaveTextContent('Expira em31/01/2027');
    expect(erp).toHaveTextContent('Último uso11/03/2026');
    expect(screen.getByText('2 de 10 chaves')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Como usar a API' })).toHaveAttribute('href', '/integracao');
  });

  it('says there is none yet', async () => {
    renderCard({ 'GET /profile/api-keys': list([]) });
    expect(await screen.findByText(/Nenhuma chave de API/)).toBeInTheDocument();
    expect(screen.getByText('0 de 10 chaves')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar chave' })).toBeEnabled();
  });

  it("disables 'Criar chave' at 10 keys", async () => {
    renderCard({
      'GET /profile/api-keys': list(
        Array.from({ length: 10 }, (_, index) => makeKey({ id: index + 1, nome: `Chave ${index + 1}` })),
      ),
    });
    expect(await screen.findByText('10 de 10 chaves')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar chave' })).toBeDisabled();
  });

  it('creates a key, shows it once with Copiar, and forgets it after Concluir', async () => {
    const { api, user, queryClient } = renderCard({
      'GET /profile/api-keys': [
        list([]),
        list([makeKey({ modulos: [1], ips: ['10.0.0.1', '10.0.0.0/8'], limite_diario_creditos: 25.5 })]),
      ],
      'POST /profile/api-keys': answer(apiKeyContract.create, {
        id: 1,
        nome: 'Sistema da loja',
        prefixo: 'pk_abc123xyz',
        chave: WHOLE_KEY,
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await user.type(within(dialog).getByLabelText('Nome da chave'), 'Sistema da loja');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'CPF' }));
    await user.type(within(dialog).getByLabelText('IPs permitidos'), '10.0.0.1\n10.0.0.0/8');
    await user.type(within(dialog).getByLabelText('Limite diário (créditos)'), '25,50');
    await user.type(within(dialog).getByLabelText('Expira em'), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));

    const shown = await screen.findByRole('dialog', { name: 'Chave criada: Sistema da loja' });
    expect(within(shown).getByText(WHOLE_KEY)).toBeInTheDocument();
    expect(shown).toHaveTextContent('Guarde esta chave agora: ela não será mostrada de novo.');
    const [sent] = api.calls('POST /profile/api-keys');
    expect(sent?.body).toEqual({
      nome: 'Sistema da loja',
      modulos: [1],
      ips: ['10.0.0.1', '10.0.0.0/8'],
      limite_diario_creditos: 25.5,
      expira_em: new Date('2099-12-31T23:59:59.999').toISOString(),
    });

    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(WHOLE_KEY);
    expect(await screen.findByText('Chave copiada')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Sistema da loja' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(WHOLE_KEY);
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
    ]);
    expect(cached).not.toContain(WHOLE_KEY);
    expect(cached).toContain('pk_abc123xyz');
  });

  it('sends nothing without a name, and leaves módulos, IPs, limit and expiry out as null', async () => {
    const { api, user } = renderCard({
      'GET /profile/api-keys': list([]),
      'POST /profile/api-keys': answer(apiKeyContract.create, {
        id: 1,
        nome: 'K',
        prefixo: 'pk_abc123xyz',
        chave: WHOLE_KEY,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(messages.apiKeyNameRequired)).toBeInTheDocument();
    expect(api.calls('POST /profile/api-keys')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nome da chave'), 'K');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    await screen.findByRole('dialog', { name: 'Chave criada: K' });
    expect(api.calls('POST /profile/api-keys')[0]?.body).toEqual({
      nome: 'K',
      modulos: null,
      ips: null,
      limite_diario_creditos: null,
      expira_em: null,
    });
  });

  it("shows the server's refusal of an address under IPs, and the 10-key limit above the form", async () => {
    const { user } = renderCard({
      'GET /profile/api-keys': list([]),
      'POST /profile/api-keys': [
        json(400, {
          error: 'Dados inválidos',
          code: 'VALIDATION_ERROR',
          fields: { 'ips.1': messages.apiKeyIpInvalidAt('10.0.0.0/99') },
        }),
        json(409, { error: messages.apiKeyLimitReached(10), code: 'API_KEY_LIMIT' }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await user.type(within(dialog).getByLabelText('Nome da chave'), 'ERP');
    // The panel checks addresses as the server does; this one passes here and is refused there.
    await user.type(within(dialog).getByLabelText('IPs permitidos'), '10.0.0.1, 10.0.0.2');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(messages.apiKeyIpInvalidAt('10.0.0.0/99'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('IPs permitidos')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(new RegExp(messages.apiKeyLimitReached(10)))).toBeInTheDocument();
    expect(within(dialog).queryByText(/pk_/)).not.toBeInTheDocument();
  });

  it('refuses a bad address or limit before sending', async () => {
    const { api, user } = renderCard({ 'GET /profile/api-keys': list([]) });
    await user.click(await screen.findByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await user.type(within(dialog).getByLabelText('Nome da chave'), 'ERP');
    await user.type(within(dialog).getByLabelText('IPs permitidos'), '010.0.0.1');
    await user.type(within(dialog).getByLabelText('Limite diário (créditos)'), '0,001');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(messages.apiKeyIpInvalidAt('010.0.0.1'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Limite diário (créditos)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /profile/api-keys')).toHaveLength(0);
  });

  it('revokes a key after asking, and says so', async () => {
    const { api, user } = renderCard({
      'GET /profile/api-keys': [list([makeKey()]), list([])],
      'DELETE /profile/api-keys/1': answer(apiKeyContract.revoke, { message: messages.apiKeyRevoked, id: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Revogar Sistema da loja' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar Sistema da loja?' });
    expect(confirm).toHaveTextContent('A chave deixa de funcionar na hora.');
    await user.click(within(confirm).getByRole('button', { name: 'Revogar' }));

    expect(await screen.findByText(messages.apiKeyRevoked)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Sistema da loja' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE /profile/api-keys/1')).toHaveLength(1);
  });
});
