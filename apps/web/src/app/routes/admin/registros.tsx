import {
  currentMonthPeriod,
  type ProcessingRecords,
  type RecordsPeriod,
  recordsPeriodSchema,
} from '@painel/shared/schemas/records';
import { ClipboardList, Download, FileText, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useExportRecordsCsv } from '@/features/records/api/export-records-csv';
import { useRecords } from '@/features/records/api/get-records';
import { RecordsPeriodForm } from '@/features/records/components/records-period-form';
import { RecordsTable } from '@/features/records/components/records-table';
import { useCanReadRecords } from '@/features/records/hooks/use-can-read-records';
import { recordsMessages } from '@/features/records/records-messages';
import { downloadRecordsPdf } from '@/features/records/utils/records-pdf';
import { formatDay, formatInteger } from '@/lib/format';

/**
 * /admin/registros (docs/product/records.md): the record of processing operations of a period, per
 * module and purpose, with its CSV and PDF. Admin only; a reseller who comes here lands on the
 * admin dashboard. The period lives in the address (?de=&ate=); without one, the current month.
 */
export function RecordsPage() {
  if (!useCanReadRecords()) return <Navigate to="/admin" replace />;
  return <Records />;
}

function usePeriodParam(): [RecordsPeriod, (period: RecordsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = recordsPeriodSchema.safeParse({ de: params.get('de') ?? '', ate: params.get('ate') ?? '' });
  const period = parsed.success ? parsed.data : currentMonthPeriod();
  return [period, (next) => setParams({ de: next.de, ate: next.ate }, { replace: true })];
}

function Records() {
  const [period, setPeriod] = usePeriodParam();
  const records = useRecords(period);
  const data = records.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Registros de tratamento"
        description="Registro das operações de tratamento (LGPD, art. 37): por módulo e finalidade, quantas consultas, de quantos usuários e por quais revendedores, com a base legal e a retenção dos resultados."
        actions={<Downloads period={period} records={data} />}
      />

      <RecordsPeriodForm period={period} onApply={setPeriod} busy={records.isFetching} />

      <Card className="min-w-0 gap-0 py-0 max-lg:border-0 max-lg:bg-transparent max-lg:shadow-none">
        <CardContent className="grid gap-3 px-0 lg:px-2">
          {records.isPending ? (
            <ListSkeleton label="Carregando registros de tratamento" />
          ) : records.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title={recordsMessages.loadFailed}
                error={records.error}
                onRetry={() => void records.refetch()}
              />
            </div>
          ) : (
            <>
              <Summary records={records.data} />
              {records.data.registros.length === 0 ? (
                <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
                  <ClipboardList className="size-8 text-muted-foreground" aria-hidden="true" />
                  <p className="font-medium">{recordsMessages.empty}</p>
                  <p className="text-sm text-muted-foreground">{recordsMessages.emptyHint}</p>
                </div>
              ) : (
                <RecordsTable records={records.data.registros} />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Summary({ records }: { records: ProcessingRecords }) {
  const total = records.registros.reduce((sum, record) => sum + record.consultas, 0);
  return (
    <div className="grid gap-1 pt-1 text-sm max-lg:px-0 lg:px-2 lg:pt-4">
      <p>
        <span className="font-medium">
          Período: {formatDay(records.de)} a {formatDay(records.ate)}
        </span>
        {' · '}
        {formatInteger(total)} {total === 1 ? 'consulta' : 'consultas'}
        {' · '}
        Retenção dos resultados: {formatInteger(records.retencao_dias)} dias
      </p>
      <p className="text-muted-foreground">{recordsMessages.countingRule}</p>
    </div>
  );
}

/** 'Baixar CSV' (the server's file) and 'Baixar PDF' (built here from the record on screen). */
function Downloads({ period, records }: { period: RecordsPeriod; records: ProcessingRecords | undefined }) {
  const csv = useExportRecordsCsv();
  const [buildingPdf, setBuildingPdf] = useState(false);
  const savePdf = async (shown: ProcessingRecords) => {
    setBuildingPdf(true);
    try {
      await downloadRecordsPdf(shown);
    } catch {
      toast.error(recordsMessages.pdfFailed);
    } finally {
      setBuildingPdf(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 max-sm:w-full max-sm:[&>button]:flex-1">
      <Button variant="outline" disabled={!records || csv.isPending} onClick={() => csv.mutate(period)}>
        {csv.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Baixar CSV
      </Button>
      <Button
        variant="outline"
        disabled={!records || buildingPdf}
        onClick={() => records && void savePdf(records)}
      >
        {buildingPdf ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <FileText aria-hidden="true" />
        )}
        Baixar PDF
      </Button>
    </div>
  );
}

export { RecordsPage as Component };
