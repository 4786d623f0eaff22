ALTER TABLE "settings" ADD COLUMN "topup_max_cents" integer DEFAULT 500000 NOT NULL;--> statement-breakpoint
-- A panel whose minimum was set above the new default maximum keeps its minimum: the maximum starts there.
UPDATE "settings" SET "topup_min_cents" = least(greatest("topup_min_cents", 0), 10000000);--> statement-breakpoint
UPDATE "settings" SET "topup_max_cents" = greatest("topup_max_cents", "topup_min_cents");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_topup_range" CHECK ("settings"."topup_min_cents" >= 0 and "settings"."topup_min_cents" <= "settings"."topup_max_cents" and "settings"."topup_max_cents" <= 10000000);
