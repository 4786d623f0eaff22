import type { TitularLookups } from '@painel/shared/schemas/titulares';
import { FileText, LoaderCircle, UserSearch } from 'lucide-react';
import { useState } from 'react';

import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PaginationBar } from '@/components/pagination-bar';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  getAllTitularLookups,
  type TitularSearch,
  useTitularLookups,
} from '@/features/titulares-admin/api/get-titular-lookups';
import { TitularLookupsTable } from '@/features/titulares-admin/components/titular-lookups-table';
import { TitularSearchForm } from '@/features/titulares-admin/components/titular-search-form';
import { titularesMessages } from '@/features/titulares-admin/titulares-messages';
import { downloadTitularReportPdf } from '@/features/titulares-admin/utils/titular-report-pdf';
import { ApiError } from '@/lib/api-client';
import { formatInteger } from '@/lib/format';
import { notifyFailure } from '@/lib/notify-failure';

const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * /admin/titulares (docs/product/titulares.md#tela): who looked a person up. Given a CPF or CNPJ,
 * every lookup whose input carried it (admin: all; reseller: its own and its clients'), and the
 * report owed to that person as a PDF. The document stays in the page, never in the address, so it
 * is not kept in the browser's history.
 */
export function TitularesPage() {
  const [search, setSearch] = useState<TitularSearch | null>(null);
  const lookups = useTitularLookups(search);
  const refused =
    lookups.error instanceof ApiError && lookups.error.status === 400
      ? lookups.error.fields.documento
      : undefined;
  const now = new Date();

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Titulares"
        description="Quem consultou uma pessoa ou empresa: cada consulta cuja entrada trazia o CPF ou CNPJ, com quem a fez, quando, o módulo, a finalidade e a base legal (LGPD, art. 18, VII)."
      />

      <TitularSearchForm
        busy={lookups.isFetching}
        serverError={refused}
        onSearch={(documento) => setSearch({ documento, page: 1, limit: search?.limit ?? PAGE_SIZES[0] })}
      />

      <Card className="min-w-0 gap-0 py-0 max-lg:border-0 max-lg:bg-transparent max-lg:shadow-none">
        <CardContent className="grid gap-3 px-0 lg:px-2">
          {search === null || refused ? (
            <Prompt />
          ) : lookups.isPending ? (
            <ListSkeleton label={titularesMessages.loading} />
          ) : lookups.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title={titularesMessages.loadFailed}
                error={lookups.error}
                onRetry={() => void lookups.refetch()}
              />
            </div>
          ) : (
            <Results
              data={lookups.data}
              documento={search.documento}
              now={now}
              busy={lookups.isFetching}
              limit={search.limit}
              onPage={(page) => setSearch({ ...search, page })}
              onLimit={(limit) => setSearch({ ...search, page: 1, limit })}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Prompt() {
  return (
    <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
      <UserSearch className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="max-w-prose text-sm text-muted-foreground">{titularesMessages.prompt}</p>
    </div>
  );
}

interface ResultsProps {
  data: TitularLookups;
  documento: string;
  now: Date;
  busy: boolean;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

function Results({ data, documento, now, busy, limit, onPage, onLimit }: ResultsProps) {
  if (data.total === 0)
    return (
      <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
        <UserSearch className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium" role="status">
          {titularesMessages.empty}
        </p>
        <p className="text-sm text-muted-foreground">{titularesMessages.emptyHint}</p>
      </div>
    );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 pt-1 lg:px-2 lg:pt-4">
        <div className="grid gap-1 text-sm">
          <p role="status" className="font-medium">
            {titularesMessages.found(formatInteger(data.total), data.total === 1)}
          </p>
          <p className="text-muted-foreground">
            Resultados guardados por {formatInteger(data.retencao_dias)} dias após cada consulta.
          </p>
        </div>
        <ReportButton documento={documento} />
      </div>
      <TitularLookupsTable lookups={data.consultas} now={now} />
      <div className="pb-2 lg:px-2">
        <PaginationBar
          page={data.page}
          totalPages={Math.max(data.totalPages, 1)}
          total={data.total}
          limit={limit}
          sizes={PAGE_SIZES}
          onPage={onPage}
          onLimit={onLimit}
          busy={busy}
          label="Páginas das consultas"
        />
      </div>
    </>
  );
}

/** 'Baixar relatório (PDF)': every lookup of the document (all pages), built here as the titular's report. */
function ReportButton({ documento }: { documento: string }) {
  const [building, setBuilding] = useState(false);
  const save = async () => {
    setBuilding(true);
    try {
      const lookups = await getAllTitularLookups(documento);
      await downloadTitularReportPdf({ documento, lookups, generatedAt: new Date() });
    } catch (error) {
      notifyFailure(titularesMessages.pdfFailed, error);
    } finally {
      setBuilding(false);
    }
  };
  return (
    <Button variant="outline" disabled={building} onClick={() => void save()} className="max-sm:w-full">
      {building ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <FileText aria-hidden="true" />
      )}
      {titularesMessages.pdfButton}
    </Button>
  );
}

export { TitularesPage as Component };
