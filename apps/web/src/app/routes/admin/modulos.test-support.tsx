import type { ModuleView } from '@painel/shared/schemas/modules';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ModulesAdminPage } from '@/app/routes/admin/modulos';
import { Toaster } from '@/components/ui/sonner';
import { signIn } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

export function makeModule(overrides: Partial<ModuleView> = {}): ModuleView {
  const id = overrides.id ?? 1;
  const base: ModuleView = {
    id,
    nome: `Módulo ${id}`,
    descricao: `Descrição ${id}`,
    imagem_url: null,
    image: null,
    tipo_limite: 'quantidade',
    preco_por_consulta: 1,
    price_por_consulta: 1,
    timeout_segundos: 30,
    ativo: true,
    manutencao: false,
    status: 'online',
    limite_padrao_quantidade: 1000,
    limite_efetivo_quantidade: null,
    ordem: id * 10,
    order: id * 10,
    campos_entrada: [],
    api_url: `/demo-api/cpf/{cpf}`,
    headers_definidos: [],
  };
  return { ...base, ...overrides };
}

/** The modules page alone, signed in with `role`, with the toaster the app provides. */
export function renderModulesPage(role: Role = 'admin') {
  signIn('token-1', makeUser({ id: 1, tipo: role }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/admin/modulos']}>
        <ModulesAdminPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}
