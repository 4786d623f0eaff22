import type { ProcessingRecords } from '@painel/shared/schemas/records';
import { describe, expect, it } from 'vitest';

import { buildRecordsPdf, recordsPdfFileName } from '@/features/records/utils/records-pdf';

const record = (modulo: string, consultas: number) => ({
  modulo,
  finalidade_id: 1,
  finalidade: 'Análise de crédito',
  base_legal: 'X' as const,
  consultas,
  usuarios: 12,
  revendedores: [
    { revendedor_id: 7, nome: 'Loja Alfa', consultas: consultas - 1 },
    { revendedor_id: null, nome: 'Direto', consultas: 1 },
  ],
});

const march: ProcessingRecords = {
  de: '2026-03-01',
  ate: '2026-03-31',
  gerado_em: '2026-04-02T13:05:00.000Z',
  retencao_dias: 30,
  registros: [record('CPF Completo', 1234)],
};

describe('the record as a PDF', () => {
  it('is an A4 landscape page with the title, operator, period, retention, the rows and the footer', async () => {
    const doc = await buildRecordsPdf(march);
    const size = doc.internal.pageSize;
    expect([Math.round(size.getWidth()), Math.round(size.getHeight())]).toEqual([297, 210]);
    const raw = doc.output();
    // PDF strings escape their parentheses.
    for (const text of [
      'Registro das operações de tratamento \\(LGPD, art. 37\\)',
      'Operador: Painel Consulta',
      'Período: 01/03/2026 a 31/03/2026',
      'Gerado em: 02/04/2026',
      'Retenção dos resultados: 30 dias',
      'Consultas no período: 1.234',
      'CPF Completo',
      'Proteção do crédito \\(art. 7º, X\\)',
      'Loja Alfa \\(1.233\\)',
      'Direto \\(1\\)',
      'Página 1 de 1',
    ])
      expect(raw).toContain(text);
  });

  it('says when the period had no lookup', async () => {
    const raw = (await buildRecordsPdf({ ...march, registros: [] })).output();
    expect(raw).toContain('Nenhuma consulta no período.');
    expect(raw).toContain('Consultas no período: 0');
  });

  it('runs over pages with the column titles on each', async () => {
    const many = Array.from({ length: 80 }, (_, index) => record(`Módulo ${index + 1}`, 10));
    const doc = await buildRecordsPdf({ ...march, registros: many });
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(1);
    const raw = doc.output();
    expect(raw).toContain('Módulo 80');
    expect(raw.split('(Revendedores)').length - 1).toBe(pages);
    expect(raw).toContain(`Página ${pages} de ${pages}`);
  });

  it('is named after its period, like the CSV', () => {
    expect(recordsPdfFileName(march)).toBe('registro-tratamento-2026-03-01-a-2026-03-31.pdf');
  });
});
