CREATE TABLE "chaves_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"nome" varchar(60) NOT NULL,
	"prefixo" varchar(16) NOT NULL,
	"hash" "bytea" NOT NULL,
	"modulos" integer[],
	"ips" text[],
	"limite_diario_cents" bigint,
	"limite_por_segundo" integer DEFAULT 10 NOT NULL,
	"expira_em" timestamp with time zone,
	"ultimo_uso" timestamp with time zone,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"revogada_em" timestamp with time zone,
	CONSTRAINT "chaves_api_limite_diario_positive" CHECK ("chaves_api"."limite_diario_cents" is null or "chaves_api"."limite_diario_cents" > 0),
	CONSTRAINT "chaves_api_limite_por_segundo_range" CHECK ("chaves_api"."limite_por_segundo" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "chaves_api" ADD CONSTRAINT "chaves_api_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chaves_api_prefixo_unique" ON "chaves_api" USING btree ("prefixo");--> statement-breakpoint
CREATE INDEX "chaves_api_usuario_idx" ON "chaves_api" USING btree ("usuario_id");