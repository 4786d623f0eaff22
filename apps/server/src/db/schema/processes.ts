import { pgTable, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * One server process that opens lookups: its lease. The process holds an advisory lock keyed by
 * its id on a connection of its own, so the lock ends when the process does; a row whose lock no
 * one holds belongs to a dead process (docs/decisions/0009-crashes-and-outages.md).
 */
export const processos = pgTable('processos', {
  id: serial('id').primaryKey(),
  iniciadoEm: timestamp('iniciado_em', { withTimezone: true }).notNull().defaultNow(),
});
