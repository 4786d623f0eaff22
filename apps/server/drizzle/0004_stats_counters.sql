CREATE TABLE "stats_access_gaps" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"scope_id" integer NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_scope_id_metric_day_shard_pk" PRIMARY KEY("scope_id","metric","day","shard")
);
--> statement-breakpoint
CREATE TABLE "stats_totals" (
	"scope_id" integer NOT NULL,
	"metric" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_totals_scope_id_metric_shard_pk" PRIMARY KEY("scope_id","metric","shard")
);
--> statement-breakpoint
ALTER TABLE "stats_access_gaps" ADD CONSTRAINT "stats_access_gaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;