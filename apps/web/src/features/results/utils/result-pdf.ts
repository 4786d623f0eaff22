import { type CopyTextContext, resultHeaderLines, resultOutline } from '@painel/shared/rules/result-text';

import { stampPdfPages } from '@/lib/pdf-pages';

/** What the copied, printed and PDF result say about the lookup besides its data. */
export type ResultDocumentInfo = CopyTextContext;

export const PRINT_FOOTER = 'Documento gerado automaticamente pelo Painel Consulta para uso interno.';

/** A file name without characters file systems refuse: 'consulta-cpf-completo-2026-01-02-1504.pdf'. */
export function pdfFileName({ moduleName, issuedAt }: ResultDocumentInfo): string {
  const slug = moduleName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${issuedAt.getFullYear()}-${pad(issuedAt.getMonth() + 1)}-${pad(issuedAt.getDate())}-${pad(issuedAt.getHours())}${pad(issuedAt.getMinutes())}`;
  return `consulta-${slug || 'resultado'}-${stamp}.pdf`;
}

/**
 * The result as an A4 portrait PDF (docs/product/lookups.md#copy-print-and-pdf): header 'Resultado da Consulta', module,
 * issue time and purpose, the data as an outline, and on every page the internal-use footer and page number.
 * jsPDF loads only when a PDF is asked for.
 */
export async function buildResultPdf(retorno: unknown, info: ResultDocumentInfo) {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const margin = 15;
  const bottom = pageHeight - 18;
  let y = margin;

  doc.setProperties({ title: `Resultado da Consulta - ${info.moduleName}`, creator: 'Painel Consulta' });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text('Resultado da Consulta', margin, y + 4);
  y += 11;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  for (const line of resultHeaderLines(info)) {
    const wrapped: string[] = doc.splitTextToSize(line, pageWidth - 2 * margin);
    for (const piece of wrapped) {
      doc.text(piece, margin, y);
      y += 5;
    }
  }
  y -= 1;
  doc.setDrawColor(180);
  doc.line(margin, y, pageWidth - margin, y);
  y += 6;

  for (const line of resultOutline(retorno)) {
    const indent = margin + Math.min(line.level, 6) * 4;
    const heading = line.kind === 'heading';
    doc.setFont('helvetica', heading ? 'bold' : 'normal');
    doc.setFontSize(heading ? 10.5 : 9);
    const content = line.kind === 'item' ? `• ${line.text}` : line.text;
    const wrapped: string[] = doc.splitTextToSize(content, pageWidth - margin - indent);
    const lineHeight = heading ? 5.2 : 4.4;
    if (heading) y += 1.5;
    for (const piece of wrapped) {
      if (y > bottom) {
        doc.addPage();
        y = margin;
      }
      doc.text(piece, indent, y);
      y += lineHeight;
    }
  }

  stampPdfPages(doc, PRINT_FOOTER, margin);
  return doc;
}

export async function downloadResultPdf(retorno: unknown, info: ResultDocumentInfo) {
  const doc = await buildResultPdf(retorno, info);
  doc.save(pdfFileName(info));
}
