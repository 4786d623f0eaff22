import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import { USER_DEFAULT_PAGE_SIZE, USER_PAGE_SIZES } from '@painel/shared/schemas/users-admin';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Download, LoaderCircle, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PaginationBar } from '@/components/pagination-bar';
import { SearchField } from '@/components/search-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useExportUsersCsv } from '@/features/users-admin/api/export-users-csv';
import { usersKey, useUsers } from '@/features/users-admin/api/get-users';
import { useUnbanUser } from '@/features/users-admin/api/unban-user';
import { BulkAddTimeCard } from '@/features/users-admin/components/bulk-add-time-card';
import { CreateUserDialog } from '@/features/users-admin/components/create-user-dialog';
import { type OpenDialog, UserDialogs } from '@/features/users-admin/components/user-dialogs';
import { UsersTable } from '@/features/users-admin/components/users-table';
import { parseHighlight, useHighlightedUser } from '@/features/users-admin/hooks/use-highlighted-user';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import type { UserAction } from '@/features/users-admin/utils/user-actions';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** /admin/usuarios (docs/product/users.md#users-screen): admins see everyone, resellers their clients. */
export function UsersAdminPage() {
  const viewer = useSession()?.user;
  const [searchParams] = useSearchParams();
  const highlightId = parseHighlight(searchParams.get('highlight'));

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [limit, setLimit] = useState(USER_DEFAULT_PAGE_SIZE);
  // A new search or page size starts again at page 1.
  const [paging, setPaging] = useState({ q, limit, page: 1 });
  const page = paging.q === q && paging.limit === limit ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, limit, page: next });

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const mutating = useIsMutating() > 0;
  const loading = useIsFetching({ queryKey: usersKey }) > 0;
  // docs/product/users.md#users-screen: no refresh under an open form, dialog or load.
  const paused = dialog !== null || creating || confirmingBulk || mutating || loading;

  const users = useUsers({ page, limit, q }, { paused });
  const unban = useUnbanUser();
  const exportCsv = useExportUsersCsv();

  const rows = users.isPlaceholderData ? undefined : users.data?.users;
  const onSearch = useCallback((text: string) => setSearch(text), []);
  const highlight = useHighlightedUser({ highlightId, rows, onSearch });

  // After deletions the last page may be gone: show the new last page instead of an empty one.
  const totalPages = users.data?.totalPages ?? 1;
  useEffect(() => {
    if (users.data && !users.isPlaceholderData && page > users.data.totalPages) {
      setPaging({ q, limit, page: users.data.totalPages });
    }
  }, [users.data, users.isPlaceholderData, page, q, limit]);

  if (!viewer) return null;
  const isAdmin = can(viewer.tipo, 'seeWholePanel');

  const onAction = (action: UserAction, user: PublicUser) => {
    if (action === 'unban') unban.mutate(user.id);
    else setDialog({ action, user });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Usuários"
        description={
          isAdmin
            ? 'Todos os usuários do painel: créditos, tempo de acesso, limites e banimentos.'
            : 'Os seus clientes: créditos, tempo de acesso, limites e banimentos.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => exportCsv.mutate(q)} disabled={exportCsv.isPending}>
              {exportCsv.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Exportar CSV
            </Button>
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden="true" />
              Novo Usuário
            </Button>
          </div>
        }
      />

      <BulkAddTimeCard scope={isAdmin ? 'all' : 'clients'} onConfirmingChange={setConfirmingBulk} />

      <div className="grid gap-4">
        <SearchField
          label="Buscar usuários"
          placeholder="Buscar por nome ou email..."
          className="max-w-md"
          value={search}
          onChange={setSearch}
        />

        {highlight.notFound && (
          <Alert variant="destructive">
            <AlertTitle>Usuário #{highlightId} não encontrado</AlertTitle>
            <AlertDescription>{highlight.notFound.message}</AlertDescription>
          </Alert>
        )}

        <Card className="min-w-0 gap-0 py-0 max-xl:border-0 max-xl:bg-transparent max-xl:shadow-none">
          <CardContent className="px-0 xl:px-2">
            {users.isPending ? (
              <UsersLoading />
            ) : users.isError && !users.data ? (
              <div className="p-4 max-xl:px-0">
                <LoadErrorAlert
                  title={usersAdminMessages.loadFailed}
                  error={users.error}
                  onRetry={() => void users.refetch()}
                />
              </div>
            ) : users.data.users.length === 0 ? (
              <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
                <Users className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">{usersAdminMessages.noUsers}</p>
                {q && <p className="text-sm text-muted-foreground">Nada corresponde a “{q}”.</p>}
              </div>
            ) : (
              <div
                aria-busy={users.isFetching}
                className={users.isPlaceholderData ? 'opacity-60' : undefined}
              >
                <UsersTable
                  users={users.data.users}
                  viewer={viewer}
                  highlightId={highlightId}
                  onAction={onAction}
                />
              </div>
            )}
          </CardContent>
        </Card>

        {users.data && (
          <PaginationBar
            variant="users"
            page={page}
            totalPages={totalPages}
            total={users.data.total}
            limit={limit}
            sizes={USER_PAGE_SIZES}
            onPage={setPage}
            onLimit={setLimit}
            busy={users.isPlaceholderData}
          />
        )}
      </div>

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <UserDialogs open={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

function UsersLoading() {
  return (
    <div className="grid gap-3 p-4" role="status" aria-label="Carregando usuários">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-6 w-16" />
        </div>
      ))}
    </div>
  );
}

export { UsersAdminPage as Component };
