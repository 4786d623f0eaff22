import { userStatusLabel } from '@painel/shared/schemas/users-admin';
import type { UserRow } from '../../db/schema/users.ts';
import { csvDateTime, csvMoney, csvStream } from '../../lib/csv.ts';
import { resellerIdOf, type Scope } from '../auth/scope.ts';
import type { UsersDeps } from './user-scope.ts';
import { eachUserBatch, type UserListFilter } from './users.repository.ts';

const header = [
  'id',
  'nome',
  'email',
  'tipo',
  'status',
  'creditos',
  'data_criacao',
  'data_expiracao',
  'revendedor_id',
];

function cellsOf(row: UserRow) {
  return [
    row.id,
    row.nome,
    row.email,
    row.tipo,
    userStatusLabel(row),
    csvMoney(row.creditosCents),
    csvDateTime(row.dataCriacao),
    row.dataExpiracao ? csvDateTime(row.dataExpiracao) : null,
    row.revendedorId,
  ];
}

/**
 * GET /users/export.csv: the caller's filtered list (a reseller's own clients only), streamed in
 * batches so a million users never sit in memory at once.
 */
export function exportUsersCsv(deps: UsersDeps, scope: Scope, filter: Omit<UserListFilter, 'resellerId'>) {
  const scoped: UserListFilter = { ...filter, resellerId: resellerIdOf(scope) };
  return csvStream(header, eachUserBatch(deps.db, scoped), cellsOf);
}
