CREATE TABLE "consulta_documentos" (
	"hash" "bytea" NOT NULL,
	"consulta_id" bigint NOT NULL,
	CONSTRAINT "consulta_documentos_hash_consulta_id_pk" PRIMARY KEY("hash","consulta_id")
);
--> statement-breakpoint
CREATE TABLE "consulta_documentos_estado" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"chave" "bytea",
	"indexar_ate" bigint NOT NULL,
	"indexado_ate" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consulta_documentos_estado_one_row" CHECK ("consulta_documentos_estado"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "consulta_documentos" ADD CONSTRAINT "consulta_documentos_consulta_id_consultas_id_fk" FOREIGN KEY ("consulta_id") REFERENCES "public"."consultas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consulta_documentos_consulta_idx" ON "consulta_documentos" USING btree ("consulta_id");--> statement-breakpoint
-- The lookups written so far (every id the sequence gave, committed or not) are indexed at the next
-- start, in batches (modules/titulares/index-old-lookups.ts); each later one when it is written.
INSERT INTO "consulta_documentos_estado" ("indexar_ate") SELECT greatest(coalesce(max("id"), 0), (SELECT "last_value" FROM "consultas_id_seq")) FROM "consultas";
