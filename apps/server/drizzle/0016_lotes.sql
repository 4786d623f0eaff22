CREATE TABLE "lote_linhas" (
	"lote_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"linha" integer NOT NULL,
	"entrada" jsonb NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"processo_id" integer,
	"consulta_id" bigint,
	"erro_codigo" text,
	"atualizado_em" timestamp with time zone,
	CONSTRAINT "lote_linhas_lote_id_ordem_pk" PRIMARY KEY("lote_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"modulo_id" integer,
	"modulo_nome" text NOT NULL,
	"cobranca" text NOT NULL,
	"preco_cents" integer NOT NULL,
	"finalidade_id" integer,
	"justificativa" text,
	"chave_api_prefixo" varchar(16),
	"arquivo" text NOT NULL,
	"status" text DEFAULT 'cotado' NOT NULL,
	"linhas" integer NOT NULL,
	"validas" integer NOT NULL,
	"invalidas" jsonb NOT NULL,
	"processo_id" integer,
	"job_id" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	CONSTRAINT "lotes_justificativa_length" CHECK (char_length("lotes"."justificativa") <= 500)
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "lote_id" integer;--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "lote_ordem" integer;--> statement-breakpoint
ALTER TABLE "lote_linhas" ADD CONSTRAINT "lote_linhas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_modulo_id_modulos_id_fk" FOREIGN KEY ("modulo_id") REFERENCES "public"."modulos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_finalidade_id_finalidades_id_fk" FOREIGN KEY ("finalidade_id") REFERENCES "public"."finalidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lote_linhas_status_idx" ON "lote_linhas" USING btree ("lote_id","status");--> statement-breakpoint
CREATE INDEX "lotes_usuario_idx" ON "lotes" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "lotes_status_idx" ON "lotes" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "consultas_lote_ordem_unique" ON "consultas" USING btree ("lote_id","lote_ordem") WHERE "consultas"."lote_id" is not null;