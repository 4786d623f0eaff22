import type { jsPDF } from 'jspdf';

/**
 * The last touch of every PDF the panel builds: on each page, in small grey type 8 mm above the
 * bottom edge, the footer at the left and 'Página N de M' at the right. Called once the content is
 * laid out, when the number of pages is known.
 */
export function stampPdfPages(doc: jsPDF, footer: string, margin: number): void {
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(110);
    doc.text(footer, margin, pageHeight - 8);
    doc.text(`Página ${page} de ${pages}`, pageWidth - margin, pageHeight - 8, { align: 'right' });
    doc.setTextColor(0);
  }
}
