CREATE TABLE "finalidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"base_legal" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"permite_menores" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finalidades_base_legal_valid" CHECK ("base_legal" in ('I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'))
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "finalidade_id" integer;--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "justificativa" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "exigir_finalidade" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "finalidades_nome_unique" ON "finalidades" USING btree (lower("nome"));--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_finalidade_id_finalidades_id_fk" FOREIGN KEY ("finalidade_id") REFERENCES "public"."finalidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_justificativa_length" CHECK (char_length("consultas"."justificativa") <= 500);--> statement-breakpoint
-- The purposes a credit-information panel starts with (docs/product/purposes.md); the admin edits them.
INSERT INTO "finalidades" ("nome", "base_legal") VALUES
	('Análise de crédito', 'X'),
	('Prevenção a fraudes', 'IX'),
	('Cumprimento de obrigação legal ou regulatória', 'II'),
	('Exercício regular de direitos', 'VI');
