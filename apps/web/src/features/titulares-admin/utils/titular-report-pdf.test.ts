import { describe, expect, it } from 'vitest';

import { maskedTitularDocument, retentionStatus } from '@/features/titulares-admin/utils/titular-display';
import {
  buildTitularReportPdf,
  titularReportFileName,
} from '@/features/titulares-admin/utils/titular-report-pdf';
import { twoTitularLookups as found, titularLookup as lookup } from '@/test/titular-fixtures';

const generatedAt = new Date('2026-11-24T15:00:00.000Z');

describe("the titular's report as a PDF", () => {
  it('has the title, the document masked, operator, date, retention, every lookup and the rights', async () => {
    const doc = await buildTitularReportPdf({ documento: '529.982.247-25', lookups: found, generatedAt });
    const size = doc.internal.pageSize;
    expect([Math.round(size.getWidth()), Math.round(size.getHeight())]).toEqual([297, 210]);
    const raw = doc.output();
    // PDF strings escape their parentheses.
    for (const text of [
      'Relatório de compartilhamento de dados pessoais',
      'Titular: CPF 529.***.***-25',
      'Operador: Painel Consulta',
      'Gerado em: 24/11/2026',
      'Consultas encontradas: 2',
      'Retenção dos resultados: 30 dias',
      'Maria Souza',
      'CPF Completo',
      'Análise de crédito',
      'Proteção do crédito \\(art. 7º, X\\)',
      'Até 20/12/2099',
      'João Lima',
      'Veículos',
      'Sem finalidade registrada',
      'Sem resultado guardado',
      'Seus direitos',
      'Página 1 de 1',
    ])
      expect(raw).toContain(text);
    expect(raw).not.toContain('52998224725');
    expect(raw).not.toContain('529.982.247-25');
  });

  it('runs over pages with the column titles on each, and says when it lists only the latest', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      lookup(index + 1, { Modulo: { nome: `Módulo ${index + 1}` } }),
    );
    const doc = await buildTitularReportPdf({
      documento: '52998224725',
      lookups: { ...found, consultas: many, total: 6000 },
      generatedAt,
    });
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(1);
    const raw = doc.output();
    expect(raw).toContain('Módulo 60');
    expect(raw.split('(Resultado guardado)').length - 1).toBe(pages);
    expect(raw).toContain(`Página ${pages} de ${pages}`);
    expect(raw).toContain('Este relatório lista as 60 consultas mais recentes.');
  });

  it('says when the document was never looked up', async () => {
    const raw = (
      await buildTitularReportPdf({
        documento: '52998224725',
        lookups: { ...found, consultas: [], total: 0 },
        generatedAt,
      })
    ).output();
    expect(raw).toContain('Nenhuma consulta encontrada para este documento.');
  });

  it('is named after the day, never after the document', () => {
    expect(titularReportFileName(new Date(2026, 10, 24, 9, 30))).toBe('relatorio-titular-2026-11-24.pdf');
  });
});

describe('the document and the retention as the report shows them', () => {
  it('masks a CPF and a CNPJ however they were typed', () => {
    expect(maskedTitularDocument('529 982 247 25')).toBe('529.***.***-25');
    expect(maskedTitularDocument('12abc34501de35')).toBe('12.***.***/****-35');
  });

  it('tells a result kept, erased or never brought', () => {
    const now = new Date('2026-11-24T15:00:00.000Z');
    expect(retentionStatus('2026-12-20T13:05:00.000Z', now).state).toBe('kept');
    expect(retentionStatus('2026-11-01T13:05:00.000Z', now)).toMatchObject({
      state: 'expired',
      text: /^Expirado em 01\/11\/2026/,
    });
    expect(retentionStatus(null, now)).toEqual({ state: 'none', text: 'Sem resultado guardado' });
  });
});
