-- Process leases (docs/decisions/0009-crashes-and-outages.md): every server process registers here and
-- holds an advisory lock keyed by its id for as long as it lives; each lookup records the process that
-- opened it, so a survivor can release what a dead process's lookups still hold. No index on
-- consultas.processo_id: inserts stay as cheap as before and a completion stays a HOT update.
CREATE TABLE "processos" (
	"id" serial PRIMARY KEY NOT NULL,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "processo_id" integer;