import { resultHeaderLines } from '@painel/shared/rules/result-text';
import { createPortal } from 'react-dom';

import { PrintModeContext } from '@/features/results/components/print-mode';
import { ResultView } from '@/features/results/components/result-view';
import { PRINT_FOOTER, type ResultDocumentInfo } from '@/features/results/utils/result-pdf';

/**
 * Print stylesheet (docs/product/lookups.md#copy-print-and-pdf): A4 portrait, only the print document shows, a
 * footer on every page and the page number from the CSS page counter.
 */
const PRINT_CSS = `
@media screen { .print-document { display: none; } }
@media print {
  @page {
    size: A4 portrait;
    margin: 16mm 12mm 20mm;
    @bottom-left { content: "${PRINT_FOOTER}"; font-size: 8pt; color: #555; }
    @bottom-right { content: "Página " counter(page) " de " counter(pages); font-size: 8pt; color: #555; }
  }
  html, body { background: #fff !important; color: #000 !important; }
  body > *:not(.print-document) { display: none !important; }
  .print-document {
    display: block; color-scheme: light; font-size: 10pt;
    /* Paper is white whatever the screen's colour scheme: the light theme's values. */
    --background: oklch(1 0 0); --foreground: oklch(0.2 0.03 260);
    --card: oklch(1 0 0); --card-foreground: oklch(0.2 0.03 260);
    --muted: oklch(0.96 0.008 255); --muted-foreground: oklch(0.45 0.03 257);
    --secondary: oklch(0.955 0.01 255); --secondary-foreground: oklch(0.25 0.04 260);
    --accent: oklch(0.94 0.025 260); --accent-foreground: oklch(0.25 0.06 262);
    --primary: oklch(0.5 0.2 262); --primary-foreground: oklch(0.985 0.003 247);
    --border: oklch(0.88 0.012 255);
    color: var(--foreground);
  }
  .print-document .result-section { break-inside: avoid-page; box-shadow: none !important; }
  .print-document table { width: 100%; font-size: 7.5pt; }
  .print-document th, .print-document td { white-space: normal !important; overflow-wrap: anywhere; height: auto !important; }
  .print-document .overflow-x-auto, .print-document .overflow-auto { overflow: visible !important; max-height: none !important; }
  .print-document * { min-width: 0; }
  .print-document tr { break-inside: avoid; }
  .print-document thead { display: table-header-group; }
}
`;

/** The result laid out for paper, rendered beside the app only while printing. */
export function PrintDocument({ retorno, info }: { retorno: unknown; info: ResultDocumentInfo }) {
  return createPortal(
    <div className="print-document" data-testid="print-document">
      <style>{PRINT_CSS}</style>
      <header className="mb-4 border-b pb-3">
        <h1 className="text-xl font-bold">Resultado da Consulta</h1>
        {resultHeaderLines(info).map((line) => (
          <p key={line} className="text-sm break-words whitespace-pre-line">
            {line}
          </p>
        ))}
      </header>
      <PrintModeContext.Provider value={true}>
        <ResultView retorno={retorno} />
      </PrintModeContext.Provider>
      <footer className="mt-6 border-t pt-2 text-xs">{PRINT_FOOTER}</footer>
    </div>,
    document.body,
  );
}
