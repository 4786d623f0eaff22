import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Single-use captcha challenges; a row is deleted the moment an answer is checked. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
