import { moduleContract } from '@painel/shared/contracts/modules';
import { sessionContract } from '@painel/shared/contracts/session';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/session';
import { answer, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeModule } from '@/test/module-fixtures';
import { renderApp } from '@/test/render';

function openApiPage() {
  const user = makeUser();
  signIn('tok-1', user);
  mockApi({
    'GET /profile': answer(sessionContract.me, { user }),
    'GET /modulos/ativos': answer(moduleContract.active, { modulos: [makeModule({ id: 3, nome: 'CPF' })] }),
  });
  return renderApp('/integracao');
}

describe('/integracao (API)', () => {
  it("shows this panel's own address in the base URL and in every example, with X-Api-Key", async () => {
    const { user } = openApiPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'API' })).toBeInTheDocument();
    const base = `${window.location.origin}/api`;
    expect(screen.getByTestId('api-base-url')).toHaveTextContent(base);

    const examples = screen.getAllByRole('region', { name: /^Exemplo: / });
    expect(examples).toHaveLength(6);
    for (const example of examples) {
      expect(example).toHaveTextContent(base);
      expect(example).toHaveTextContent('X-Api-Key: $PAINEL_API_KEY');
    }
    const post = screen.getByRole('region', { name: 'Exemplo: Fazer uma consulta' });
    expect(post).toHaveTextContent(`curl -X POST "${base}/consultas"`);
    expect(post).toHaveTextContent('Idempotency-Key:');
    expect(post).toHaveTextContent('"modulo_id": 1');
    expect(post).toHaveTextContent('"finalidade_id": 1');
    const batch = screen.getByRole('region', { name: 'Exemplo: Enviar um lote' });
    expect(batch).toHaveTextContent(`curl -X POST "${base}/lotes"`);
    expect(batch).toHaveTextContent('-F "arquivo=@clientes.csv"');
    for (const path of ['/consultas?page=1', '/consultas/123', '/modulos/ativos', '/profile"']) {
      expect(examples.some((example) => example.textContent?.includes(`${base}${path}`))).toBe(true);
    }

    await user.click(screen.getByRole('button', { name: 'Copiar exemplo: Módulos ativos' }));
    expect(await navigator.clipboard.readText()).toBe(
      `curl "${base}/modulos/ativos" \\\n  -H "X-Api-Key: $PAINEL_API_KEY"`,
    );
  });

  it('lists the error codes and the response headers, and leads to the keys', async () => {
    openApiPage();
    const errors = await screen.findByRole('list', { name: 'Códigos de erro' });
    for (const code of [
      'API_KEY_NOT_ALLOWED',
      'API_KEY_INVALID',
      'API_KEY_REVOKED',
      'API_KEY_EXPIRED',
      'API_KEY_USER_BANNED',
      'API_KEY_USER_INACTIVE',
      'API_KEY_IP_DENIED',
      'API_KEY_MODULE_DENIED',
      'API_KEY_DAILY_CAP',
      'IDEMPOTENCY_MISMATCH',
      'IDEMPOTENCY_IN_PROGRESS',
      'INSUFFICIENT_CREDITS',
    ]) {
      expect(within(errors).getByText(code)).toBeInTheDocument();
    }
    for (const header of [
      'X-Custo-Creditos',
      'X-Creditos-Restantes',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]) {
      expect(screen.getByText(header)).toBeInTheDocument();
    }
    expect(await screen.findByText('CPF')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerenciar chaves de API' })).toHaveAttribute(
      'href',
      '/profile#chaves-de-api',
    );
    expect(document.title).toContain('API');
  });
});
