CREATE TABLE "chaves_api_gasto" (
	"chave_id" integer NOT NULL,
	"dia" date NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "chaves_api_gasto_chave_id_dia_pk" PRIMARY KEY("chave_id","dia")
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "chave_api_prefixo" varchar(16);--> statement-breakpoint
ALTER TABLE "chaves_api_gasto" ADD CONSTRAINT "chaves_api_gasto_chave_id_chaves_api_id_fk" FOREIGN KEY ("chave_id") REFERENCES "public"."chaves_api"("id") ON DELETE cascade ON UPDATE no action;