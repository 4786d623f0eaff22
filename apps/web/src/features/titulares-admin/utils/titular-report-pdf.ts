import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { TitularLookup, TitularLookups } from '@painel/shared/schemas/titulares';

import { titularesMessages } from '@/features/titulares-admin/titulares-messages';
import {
  maskedTitularDocument,
  retentionStatus,
  titularDocumentKind,
} from '@/features/titulares-admin/utils/titular-display';
import { formatDateTime, formatInteger } from '@/lib/format';
import { stampPdfPages } from '@/lib/pdf-pages';

export interface TitularReport {
  /** The document as it was searched (any punctuation). */
  documento: string;
  lookups: TitularLookups;
  generatedAt: Date;
}

/** 'relatorio-titular-2026-11-24.pdf': the day it was made, never the document. */
export function titularReportFileName(generatedAt: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `relatorio-titular-${generatedAt.getFullYear()}-${pad(generatedAt.getMonth() + 1)}-${pad(generatedAt.getDate())}.pdf`;
}

/** The lines above the table: whose report, by whom, when, how many lookups, how long results are kept. */
export function titularReportHeaderLines({ documento, lookups, generatedAt }: TitularReport): string[] {
  const lines = [
    `Titular: ${titularDocumentKind(documento)} ${maskedTitularDocument(documento)}`,
    `Operador: ${titularesMessages.operator}`,
    `Gerado em: ${formatDateTime(generatedAt)}`,
    `Consultas encontradas: ${formatInteger(lookups.total)}`,
    `Retenção dos resultados: ${formatInteger(lookups.retencao_dias)} dias após cada consulta; depois disso o resultado é apagado e fica apenas o registro da consulta.`,
  ];
  if (lookups.consultas.length < lookups.total)
    lines.push(`Este relatório lista as ${formatInteger(lookups.consultas.length)} consultas mais recentes.`);
  return lines;
}

const COLUMNS = [
  { title: 'Data e hora', width: 34 },
  { title: 'Quem consultou', width: 46 },
  { title: 'Módulo', width: 40 },
  { title: 'Finalidade', width: 46 },
  { title: 'Base legal (LGPD)', width: 52 },
  { title: 'Resultado guardado', width: 0 },
] as const;

/** One lookup's cells, in the columns' order. */
export function titularReportRow(lookup: TitularLookup, generatedAt: Date): string[] {
  return [
    formatDateTime(lookup.data),
    lookup.User.nome,
    lookup.Modulo.nome,
    lookup.finalidade?.nome ?? titularesMessages.noPurpose,
    lookup.finalidade ? legalBasisText(lookup.finalidade.base_legal) : '–',
    retentionStatus(lookup.resultado_expira_em, generatedAt).text,
  ];
}

/**
 * The report owed to a titular (LGPD art. 18 VII, art. 19; docs/product/titulares.md#tela), an A4
 * landscape PDF: title, the document masked, operator, generation time, totals and retention, every
 * lookup as a table whose header repeats on each page, the titular's rights, and on every page the
 * footer and page number. jsPDF loads only when a report is asked for.
 */
export async function buildTitularReportPdf(report: TitularReport) {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const margin = 12;
  const textWidth = pageWidth - 2 * margin;
  const bottom = pageHeight - 16;
  const lineHeight = 4.2;
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const widths = COLUMNS.map((column) => column.width || textWidth - fixed);
  let y = margin;

  const paragraph = (text: string, size: number, gap: number) => {
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(text, textWidth) as string[]) {
      if (y > bottom) {
        doc.addPage();
        y = margin + 4;
      }
      doc.text(line, margin, y);
      y += gap;
    }
  };

  doc.setProperties({ title: titularesMessages.pdfTitle, creator: titularesMessages.operator });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(titularesMessages.pdfTitle, margin, y + 4);
  y += 10;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.setTextColor(90);
  doc.text(titularesMessages.pdfSubtitle, margin, y);
  doc.setTextColor(0);
  y += 6;
  for (const line of titularReportHeaderLines(report)) paragraph(line, 10, 5);
  y += 1;
  paragraph(titularesMessages.pdfIntro, 9, 4.2);
  y += 3;

  const drawHeader = () => {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(9);
    doc.setFillColor(235, 235, 235);
    doc.rect(margin, y - 4, textWidth, 6.5, 'F');
    let x = margin;
    COLUMNS.forEach((column, index) => {
      doc.text(column.title, x + 2, y);
      x += widths[index] ?? 0;
    });
    y += 5;
    doc.setFont('helvetica', 'normal');
  };

  drawHeader();
  if (report.lookups.consultas.length === 0) {
    doc.text(`${titularesMessages.empty}.`, margin + 2, y + 2);
    y += 8;
  }
  for (const lookup of report.lookups.consultas) {
    const cells = titularReportRow(lookup, report.generatedAt).map((entry, index): string[] =>
      doc.splitTextToSize(entry, (widths[index] ?? 0) - 4),
    );
    const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight + 2;
    if (y + height > bottom) {
      doc.addPage();
      y = margin + 4;
      drawHeader();
    }
    let x = margin;
    cells.forEach((lines, index) => {
      lines.forEach((line, row) => {
        doc.text(line, x + 2, y + 1 + row * lineHeight);
      });
      x += widths[index] ?? 0;
    });
    y += height;
    doc.setDrawColor(210);
    doc.line(margin, y - 2.5, pageWidth - margin, y - 2.5);
  }

  y += 4;
  // The heading never sits alone at a page's foot, away from its paragraph.
  if (y + 18 > bottom) {
    doc.addPage();
    y = margin + 4;
  }
  doc.setFont('helvetica', 'bold');
  paragraph('Seus direitos', 10, 5);
  doc.setFont('helvetica', 'normal');
  paragraph(titularesMessages.pdfRights, 9, 4.2);

  stampPdfPages(doc, titularesMessages.pdfFooter, margin);
  return doc;
}

export async function downloadTitularReportPdf(report: TitularReport) {
  const doc = await buildTitularReportPdf(report);
  doc.save(titularReportFileName(report.generatedAt));
}
