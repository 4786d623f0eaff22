import type { PublicUser } from '@painel/shared/schemas/user';
import { Pencil } from 'lucide-react';

import { EmailText } from '@/components/email-text';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { UserActionsMenu } from '@/features/users-admin/components/user-actions-menu';
import { UserRoleBadge, UserStatusBadge } from '@/features/users-admin/components/user-badges';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { allowedActions, type UserAction } from '@/features/users-admin/utils/user-actions';
import { formatCredits, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { cn } from '@/lib/utils';

interface UsersTableProps {
  users: PublicUser[];
  viewer: Pick<PublicUser, 'id' | 'tipo'>;
  /** The user named by ?highlight=: its row is marked (data-highlighted="true"). */
  highlightId: number | null;
  onAction: (action: UserAction, user: PublicUser) => void;
}

/** Below xl each row is a card (same DOM); from xl a table with every column of docs/product/users.md#users-screen. */
export function UsersTable({ users, viewer, highlightId, onAction }: UsersTableProps) {
  return (
    <Table className="max-xl:block">
      <TableHeader className="max-xl:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Nome</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Créditos</TableHead>
          <TableHead>Criado em</TableHead>
          <TableHead>Expira em</TableHead>
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-xl:grid max-xl:gap-3 md:max-xl:grid-cols-2">
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            actions={allowedActions(viewer, user)}
            highlighted={user.id === highlightId}
            onAction={onAction}
          />
        ))}
      </TableBody>
    </Table>
  );
}

interface UserRowProps {
  user: PublicUser;
  actions: ReadonlySet<UserAction>;
  highlighted: boolean;
  onAction: (action: UserAction, user: PublicUser) => void;
}

function UserRow({ user, actions, highlighted, onAction }: UserRowProps) {
  return (
    <TableRow
      data-user-id={user.id}
      data-highlighted={highlighted ? 'true' : undefined}
      aria-label={user.nome}
      aria-current={highlighted ? 'true' : undefined}
      className={cn(
        'bg-card max-xl:grid max-xl:grid-cols-[1fr_auto] max-xl:content-start max-xl:items-center max-xl:gap-x-3 max-xl:gap-y-1.5 max-xl:rounded-lg max-xl:border max-xl:p-3 max-xl:[&>td]:p-0',
        highlighted &&
          'scroll-mt-28 bg-primary/10 outline-2 -outline-offset-2 outline-primary hover:bg-primary/15 max-xl:outline-offset-0',
      )}
    >
      <TableCell className="whitespace-normal max-xl:col-start-1 max-xl:row-start-1 max-xl:min-w-0 xl:max-w-44">
        <p className="font-medium [overflow-wrap:anywhere]">
          {user.nome} <span className="font-normal text-muted-foreground tabular-nums">#{user.id}</span>
        </p>
        {highlighted && <span className="sr-only">(usuário destacado)</span>}
      </TableCell>
      <TableCell className="whitespace-normal max-xl:col-span-2 max-xl:row-start-2 max-xl:min-w-0 max-xl:text-muted-foreground xl:max-w-52">
        <EmailText email={user.email} className="block" />
      </TableCell>
      <TableCell className="max-xl:col-start-1 max-xl:row-start-3">
        <UserRoleBadge tipo={user.tipo} />
      </TableCell>
      <TableCell className="max-xl:col-start-2 max-xl:row-start-1 max-xl:justify-self-end">
        <UserStatusBadge user={user} />
        {user.banido && user.motivo_banimento && (
          <p
            className="mt-1 line-clamp-2 max-w-36 text-xs whitespace-normal text-destructive max-xl:hidden"
            title={user.motivo_banimento}
          >
            {user.motivo_banimento}
          </p>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums max-xl:col-start-2 max-xl:row-start-3">
        <span className="text-muted-foreground xl:hidden">Créditos: </span>
        <span className="font-medium" data-testid="user-credits">
          {formatCredits(user.creditos)}
        </span>
      </TableCell>
      <TableCell className="tabular-nums max-xl:col-span-2 max-xl:row-start-4 max-xl:text-xs max-xl:text-muted-foreground">
        <span className="xl:hidden">Criado em </span>
        <time dateTime={user.data_criacao} title={formatDateTime(user.data_criacao)}>
          {formatDate(user.data_criacao)}
        </time>
      </TableCell>
      <TableCell className="tabular-nums max-xl:col-span-2 max-xl:row-start-5 max-xl:text-xs max-xl:text-muted-foreground">
        <span className="xl:hidden">Expira em </span>
        {user.data_expiracao ? (
          <time dateTime={user.data_expiracao}>
            {formatDate(user.data_expiracao)}
            <span className="text-muted-foreground xl:block xl:text-xs">
              {' '}
              {formatTime(user.data_expiracao)}
            </span>
          </time>
        ) : (
          usersAdminMessages.noExpiry
        )}
        {user.active_subscription && (
          <span className="text-xs text-muted-foreground max-xl:before:content-['_•_'] xl:block">
            {user.active_subscription.Plan.name}
          </span>
        )}
      </TableCell>
      <TableCell className="max-xl:col-span-2 max-xl:row-start-6 max-xl:border-t max-xl:pt-2!">
        <div className="flex items-center justify-end gap-0.5">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Editar ${user.nome}`}
            title="Editar"
            onClick={() => onAction('edit', user)}
          >
            <Pencil aria-hidden="true" />
            <span className="xl:sr-only">Editar</span>
          </Button>
          <UserActionsMenu user={user} allowed={actions} onAction={onAction} />
        </div>
      </TableCell>
    </TableRow>
  );
}
