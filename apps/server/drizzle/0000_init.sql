CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"modulo_id" integer,
	"modulo_nome" text NOT NULL,
	"modulo_descricao" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"cobranca" text NOT NULL,
	"valor_cents" integer DEFAULT 0 NOT NULL,
	"conta_cota" boolean DEFAULT true NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"resultado" jsonb,
	"resultado_expira_em" timestamp with time zone,
	"erro_codigo" text,
	"latencia_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"actor_id" integer,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"target_user_id" integer,
	"tipo" text NOT NULL,
	"acao" text NOT NULL,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "module_images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modulos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"api_url" text NOT NULL,
	"imagem_url" text,
	"tipo_limite" text NOT NULL,
	"preco_cents" integer DEFAULT 100 NOT NULL,
	"timeout_segundos" integer DEFAULT 30 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"manutencao" boolean DEFAULT false NOT NULL,
	"limite_padrao_quantidade" integer DEFAULT 1000 NOT NULL,
	"limite_efetivo_quantidade" integer,
	"ordem" integer DEFAULT 0 NOT NULL,
	"campos_entrada" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modulos_timeout_range" CHECK ("modulos"."timeout_segundos" between 5 and 300),
	CONSTRAINT "modulos_preco_non_negative" CHECK ("modulos"."preco_cents" >= 0),
	CONSTRAINT "modulos_limite_padrao_positive" CHECK ("modulos"."limite_padrao_quantidade" >= 1)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"allowed_concurrent_ips" integer DEFAULT 1 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_non_negative" CHECK ("plans"."price_cents" >= 0),
	CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration_value" > 0),
	CONSTRAINT "plans_concurrent_ips_positive" CHECK ("plans"."allowed_concurrent_ips" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "internal_state" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"trial_limit" integer DEFAULT 10 NOT NULL,
	"topup_min_cents" integer DEFAULT 5000 NOT NULL,
	"pix_api_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_trial_limit_non_negative" CHECK ("settings"."trial_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"tipo" text DEFAULT 'usuario' NOT NULL,
	"creditos_cents" bigint DEFAULT 0 NOT NULL,
	"data_expiracao" timestamp with time zone,
	"ativo" boolean DEFAULT true NOT NULL,
	"banido" boolean DEFAULT false NOT NULL,
	"motivo_banimento" text,
	"whatsapp_contato" text,
	"telegram_contato" text,
	"revendedor_id" integer,
	"modulos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trial_used" integer DEFAULT 0 NOT NULL,
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_creditos_non_negative" CHECK ("users"."creditos_cents" >= 0),
	CONSTRAINT "users_tipo_valid" CHECK ("users"."tipo" in ('usuario', 'revendedor', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_modulo_id_modulos_id_fk" FOREIGN KEY ("modulo_id") REFERENCES "public"."modulos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_revendedor_id_users_id_fk" FOREIGN KEY ("revendedor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultas_usuario_created_idx" ON "consultas" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "consultas_created_idx" ON "consultas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consultas_quota_idx" ON "consultas" USING btree ("usuario_id","modulo_id","created_at");--> statement-breakpoint
CREATE INDEX "consultas_expira_idx" ON "consultas" USING btree ("resultado_expira_em");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "logs_tipo_created_idx" ON "logs" USING btree ("tipo","created_at");--> statement-breakpoint
CREATE INDEX "logs_user_created_idx" ON "logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "modulos_ordem_idx" ON "modulos" USING btree ("ordem","id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_ends_idx" ON "subscriptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "sessions_open_by_user_idx" ON "sessions" USING btree ("user_id","created_at") WHERE "sessions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_revendedor_idx" ON "users" USING btree ("revendedor_id");