import { copyTextOrJson } from '@painel/shared/rules/result-text';
import { Copy, Eraser, FileDown, LoaderCircle, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PrintDocument } from '@/features/results/components/print-document';
import { downloadResultPdf, type ResultDocumentInfo } from '@/features/results/utils/result-pdf';
import { copyText } from '@/lib/copy-text';
import { usePrintSheet } from '@/lib/use-print-sheet';

interface ResultActionsProps {
  retorno: unknown;
  info: ResultDocumentInfo;
  /** 'Limpar' shows only where there is something to clear (the query screen). */
  onClear?: () => void;
}

/** 'Salvar PDF', 'Copiar', 'Print' and 'Limpar' (docs/product/lookups.md#query-screen). */
export function ResultActions({ retorno, info, onClear }: ResultActionsProps) {
  const [savingPdf, setSavingPdf] = useState(false);
  // Ctrl+P prints the result too.
  const { printing, print } = usePrintSheet();

  const savePdf = async () => {
    setSavingPdf(true);
    try {
      await downloadResultPdf(retorno, info);
      toast.success('PDF salvo');
    } catch (error) {
      console.error(error);
      toast.error('Não foi possível gerar o PDF');
    } finally {
      setSavingPdf(false);
    }
  };

  const copy = async () => {
    try {
      await copyText(copyTextOrJson(retorno, info));
      toast.success('Resultado copiado');
    } catch {
      toast.error('Não foi possível copiar o resultado');
    }
  };

  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Ações do resultado">
      <Button onClick={savePdf} disabled={savingPdf} size="sm">
        {savingPdf ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <FileDown aria-hidden="true" />
        )}
        Salvar PDF
      </Button>
      <Button onClick={copy} variant="outline" size="sm">
        <Copy aria-hidden="true" />
        Copiar
      </Button>
      <Button onClick={print} variant="outline" size="sm">
        <Printer aria-hidden="true" />
        Print
      </Button>
      {onClear && (
        <Button onClick={onClear} variant="ghost" size="sm">
          <Eraser aria-hidden="true" />
          Limpar
        </Button>
      )}
      {printing && <PrintDocument retorno={retorno} info={info} />}
    </div>
  );
}
