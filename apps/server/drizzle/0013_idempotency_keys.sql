-- Idempotency-Key on POST /consultas (decision 0020): one row per (user, key), the first answer kept 24 h.
-- status_http null = the first request is still running under the lease of processo_id.
CREATE TABLE "chaves_idempotencia" (
	"usuario_id" integer NOT NULL,
	"chave" varchar(255) NOT NULL,
	"corpo_hash" "bytea" NOT NULL,
	"dono" uuid NOT NULL,
	"processo_id" integer,
	"status_http" smallint,
	"resposta" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "chaves_idempotencia_usuario_id_chave_pk" PRIMARY KEY("usuario_id","chave")
);
--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD CONSTRAINT "chaves_idempotencia_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chaves_idempotencia_expira_idx" ON "chaves_idempotencia" USING btree ("expira_em");