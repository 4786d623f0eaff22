import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { ProcessingRecord, ProcessingRecords } from '@painel/shared/schemas/records';

import { recordsMessages } from '@/features/records/records-messages';
import { formatDateTime, formatDay, formatInteger, NO_VALUE } from '@/lib/format';
import { stampPdfPages } from '@/lib/pdf-pages';

/** 'registro-tratamento-2026-03-01-a-2026-03-31.pdf', named like the CSV the server sends. */
export function recordsPdfFileName(records: Pick<ProcessingRecords, 'de' | 'ate'>): string {
  return `registro-tratamento-${records.de}-a-${records.ate}.pdf`;
}

/** 'Loja Alfa (3)': a responsible and the lookups its users ran. */
export function resellerEntry(reseller: ProcessingRecord['revendedores'][number]): string {
  return `${reseller.nome} (${formatInteger(reseller.consultas)})`;
}

/** The lines above the table: operator, period, when, retention, total. */
export function recordsHeaderLines(records: ProcessingRecords): string[] {
  const total = records.registros.reduce((sum, record) => sum + record.consultas, 0);
  return [
    `Operador: ${recordsMessages.operator}`,
    `Período: ${formatDay(records.de)} a ${formatDay(records.ate)}`,
    `Gerado em: ${formatDateTime(records.gerado_em)}`,
    `Retenção dos resultados: ${formatInteger(records.retencao_dias)} dias`,
    `Consultas no período: ${formatInteger(total)}`,
  ];
}

const COLUMNS = [
  { title: 'Módulo', width: 42 },
  { title: 'Finalidade', width: 46 },
  { title: 'Base legal', width: 52 },
  { title: 'Consultas', width: 20, right: true },
  { title: 'Usuários', width: 20, right: true },
  { title: 'Revendedores', width: 0 },
] as const;

function cellsOf(record: ProcessingRecord): string[][] {
  return [
    [record.modulo],
    [record.finalidade],
    [record.base_legal === null ? NO_VALUE : legalBasisText(record.base_legal)],
    [formatInteger(record.consultas)],
    [formatInteger(record.usuarios)],
    record.revendedores.map(resellerEntry),
  ];
}

/**
 * The record as an A4 landscape PDF (docs/product/records.md#formats): the title, operator,
 * period, generation time and retention, the rows as a table whose header repeats on each page,
 * the counting rule, and on every page the footer and page number. jsPDF loads only when a PDF is
 * asked for, as the result PDF's does.
 */
export async function buildRecordsPdf(records: ProcessingRecords) {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const margin = 12;
  const bottom = pageHeight - 16;
  const lineHeight = 4.2;
  const widths = COLUMNS.map((column) => column.width || pageWidth - 2 * margin - 180);
  let y = margin;

  doc.setProperties({ title: recordsMessages.pdfTitle, creator: recordsMessages.operator });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(recordsMessages.pdfTitle, margin, y + 4);
  y += 11;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  for (const line of recordsHeaderLines(records)) {
    doc.text(line, margin, y);
    y += 5;
  }
  y += 2;

  const drawHeader = () => {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(9);
    doc.setFillColor(235, 235, 235);
    doc.rect(margin, y - 4, pageWidth - 2 * margin, 6.5, 'F');
    let x = margin;
    COLUMNS.forEach((column, index) => {
      const width = widths[index] ?? 0;
      if ('right' in column) doc.text(column.title, x + width - 2, y, { align: 'right' });
      else doc.text(column.title, x + 2, y);
      x += width;
    });
    y += 5;
    doc.setFont('helvetica', 'normal');
  };

  drawHeader();
  if (records.registros.length === 0) {
    doc.text(`${recordsMessages.empty}.`, margin + 2, y + 2);
    y += 8;
  }
  for (const record of records.registros) {
    const cells = cellsOf(record).map((entries, index) =>
      entries.flatMap((entry): string[] => doc.splitTextToSize(entry, (widths[index] ?? 0) - 4)),
    );
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight + 2;
    if (y + height > bottom) {
      doc.addPage();
      y = margin + 4;
      drawHeader();
    }
    let x = margin;
    cells.forEach((lines, index) => {
      const width = widths[index] ?? 0;
      const right = 'right' in (COLUMNS[index] ?? {});
      lines.forEach((line, row) => {
        const top = y + 1 + row * lineHeight;
        if (right) doc.text(line, x + width - 2, top, { align: 'right' });
        else doc.text(line, x + 2, top);
      });
      x += width;
    });
    y += height;
    doc.setDrawColor(210);
    doc.line(margin, y - 2.5, pageWidth - margin, y - 2.5);
  }

  doc.setFontSize(8.5);
  doc.setTextColor(90);
  const rule: string[] = doc.splitTextToSize(recordsMessages.countingRule, pageWidth - 2 * margin);
  if (y + rule.length * 4 > bottom) {
    doc.addPage();
    y = margin;
  }
  for (const line of rule) {
    doc.text(line, margin, y + 2);
    y += 4;
  }
  doc.setTextColor(0);

  stampPdfPages(doc, recordsMessages.pdfFooter, margin);
  return doc;
}

export async function downloadRecordsPdf(records: ProcessingRecords) {
  const doc = await buildRecordsPdf(records);
  doc.save(recordsPdfFileName(records));
}
