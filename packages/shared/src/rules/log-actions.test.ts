import { describe, expect, it } from 'vitest';
import { logActionLabel } from './log-actions.ts';

describe('log actions in words', () => {
  it('writes a known code as its label', () => {
    expect(logActionLabel('usuario_criado')).toBe('Usuário criado');
    expect(logActionLabel('consulta_sucesso')).toBe('Consulta concluída');
    expect(logActionLabel('configuracoes_pix_alteradas')).toBe('Configurações do PIX alteradas');
  });

  it('writes an unknown code as a sentence, never with underscores', () => {
    expect(logActionLabel('acao_nova_qualquer')).toBe('Acao nova qualquer');
    expect(logActionLabel('')).toBe('-');
  });
});
