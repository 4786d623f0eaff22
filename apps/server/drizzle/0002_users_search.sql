-- Trigram indexes serve the substring search of GET /users?q= (lower(nome) like / email like).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_nome_trgm_idx" ON "users" USING gin (lower("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);