import { describe, expect, it } from 'vitest';
import {
  buildCopyText,
  copyTextOrJson,
  displayPrimitive,
  primitiveSummaryLines,
  resultOutline,
  scoreBlockLines,
} from './result-text.ts';

const person = {
  _aviso: 'Dados fictícios',
  DADOS_BASICOS: {
    NOME: 'Ana',
    rendaAtual: 5171.59,
    vipSus: false,
    FILIACAO: { nomeMae: 'Bia', deep: { x: 1 } },
  },
  analytics: {
    SCORES: [{ modelo: 'Score de Crédito', score: 364, faixa: 'BAIXO', descricao: 'Alto risco' }],
  },
  credito: { scores: [{ modelo: 'Score Positivo', score: 979, faixa: 'EXCELENTE' }] },
  telefones: [{ ddd: '11', numero: '912345678' }],
};

describe('copy text', () => {
  it('lists both score blocks', () => {
    expect(scoreBlockLines(person)).toEqual([
      '[Analytics]',
      'Score de Crédito: 364 (BAIXO) - Alto risco',
      '[Serasa]',
      'Score Positivo: 979 (EXCELENTE)',
    ]);
  });

  it('summarises primitives up to 2 levels deep, skipping lists and notes', () => {
    expect(primitiveSummaryLines(person)).toEqual([
      'Dados Básicos > Nome: Ana',
      'Dados Básicos > Renda: R$\u00a05.171,59',
      'Dados Básicos > VIP SUS: Não',
      'Dados Básicos > Filiação > Mãe: Bia',
    ]);
  });

  it('writes documents, phones and CEPs as the screen does, in the copy text and the PDF outline', () => {
    const company = {
      cnpj: '12ABC34501DE35',
      socio: { cpf: '52998224725' },
      telefones: [{ ddd: '62', telefone: '62983238398' }],
      endereco: { cep: '74000100' },
    };
    expect(primitiveSummaryLines(company)).toEqual(
      expect.arrayContaining(['CNPJ: 12.ABC.345/01DE-35', 'Endereço > CEP: 74000-100']),
    );
    const outline = resultOutline(company).map((line) => line.text);
    expect(outline).toEqual(expect.arrayContaining(['CNPJ: 12.ABC.345/01DE-35', 'CPF: 529.982.247-25']));
    expect(outline.some((line) => line.includes('(62) 98323-8398'))).toBe(true);
  });

  it("writes a company's DDD and number as one phone, in the copy text and the PDF outline", () => {
    const company = {
      razaoSocial: 'Alfa Comércio Ltda',
      ddd: '62',
      numero: '38323983',
      telefones: [{ ddd: '62', numero: '38323983', tipo: 'COMERCIAL', principal: true }],
      endereco: { logradouro: 'Rua 7', numero: '120', cep: '74000100' },
    };
    const text = buildCopyText(company, { moduleName: 'CNPJ', issuedAt: new Date('2026-01-02T15:04:05Z') });
    const summary = text.slice(0, text.indexOf('== JSON COMPLETO =='));
    expect(summary).toContain('Telefone: (62) 3832-3983');
    expect(summary).toContain('Endereço > Número: 120');
    expect(summary).not.toContain('DDD: 62');
    const outline = resultOutline(company).map((line) => line.text);
    expect(outline).toEqual(
      expect.arrayContaining([
        'Telefone: (62) 3832-3983',
        'Telefone: (62) 3832-3983 | Tipo: COMERCIAL | Principal: Sim',
        'Número: 120',
      ]),
    );
    expect(outline.join('\n')).not.toContain('DDD: 62');
  });

  it('writes the phone lookup answer once, without its DDD and number repeated', () => {
    const answer = { telefone: '(62) 98765-4321', ddd: '62', numero: '987654321', operadora: 'VIVO' };
    expect(primitiveSummaryLines(answer)).toEqual(['Telefone: (62) 98765-4321', 'Operadora: VIVO']);
  });

  it('carries header, scores, summary and the full JSON', () => {
    const text = buildCopyText(person, {
      moduleName: 'CPF Completo',
      issuedAt: new Date('2026-01-02T15:04:05Z'),
    });
    expect(text).toContain('RESULTADO DA CONSULTA');
    expect(text).toContain('Módulo: CPF Completo');
    expect(text).toContain('Emitido em: 02/01/2026, 12:04:05');
    expect(text).toContain('== SCORES ==');
    expect(text).toContain('== RESUMO ==');
    expect(text.endsWith(JSON.stringify(person, null, 2))).toBe(true);
  });

  it("names the lookup's purpose, its legal basis and the justification under the header", () => {
    const text = buildCopyText(person, {
      moduleName: 'CPF Completo',
      issuedAt: new Date('2026-01-02T15:04:05Z'),
      purpose: { nome: 'Análise de crédito', base_legal: 'X' },
      justification: 'Proposta de financiamento 123',
    });
    const header = text.split('\n').slice(0, 6);
    expect(header).toEqual([
      'RESULTADO DA CONSULTA',
      'Módulo: CPF Completo',
      'Emitido em: 02/01/2026, 12:04:05',
      'Finalidade: Análise de crédito',
      'Base legal: Proteção do crédito (art. 7º, X)',
      'Justificativa: Proposta de financiamento 123',
    ]);
    const older = buildCopyText(person, { moduleName: 'CPF Completo', issuedAt: new Date(), purpose: null });
    expect(older).not.toContain('Finalidade');
    expect(older).not.toContain('null');
  });

  it('falls back to plain JSON when the text cannot be built', () => {
    let reads = 0;
    const flaky = {
      get nome() {
        reads += 1;
        if (reads === 1) throw new Error('first read fails');
        return 'Ana';
      },
    };
    expect(copyTextOrJson(flaky, { moduleName: 'M', issuedAt: new Date() })).toBe('{\n  "nome": "Ana"\n}');
    expect(copyTextOrJson([1, 2], { moduleName: 'M', issuedAt: new Date() })).toContain(
      '== JSON COMPLETO ==',
    );
  });
});

describe('displayPrimitive', () => {
  it('shows pt-BR values', () => {
    expect(displayPrimitive(null)).toBe('-');
    expect(displayPrimitive('')).toBe('-');
    expect(displayPrimitive(true)).toBe('Sim');
    expect(displayPrimitive(1234.5)).toBe('1.234,5');
    expect(displayPrimitive('2024-05-06')).toBe('06/05/2024');
  });
});

describe('resultOutline', () => {
  it('gives headings, fields and one line per list item', () => {
    expect(
      resultOutline({
        nome: 'Ana',
        telefones: [{ ddd: '11', numero: '9' }],
        tags: ['a', 'b'],
        end: { uf: 'SP' },
      }),
    ).toEqual([
      { level: 0, kind: 'field', text: 'Nome: Ana' },
      { level: 0, kind: 'heading', text: 'Telefones (1 item(s))' },
      { level: 1, kind: 'item', text: 'DDD: 11 | Número: 9' },
      { level: 0, kind: 'field', text: 'Tags: a, b' },
      { level: 0, kind: 'heading', text: 'End' },
      { level: 1, kind: 'field', text: 'UF: SP' },
    ]);
  });
});
