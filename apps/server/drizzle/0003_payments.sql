CREATE TABLE "pix_payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"plan_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"pix_id_external" text,
	"pix_code" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"subscription_id" integer,
	CONSTRAINT "pix_payments_amount_positive" CHECK ("pix_payments"."amount_cents" > 0),
	CONSTRAINT "pix_payments_plan_purpose" CHECK (("pix_payments"."purpose" = 'plan') = ("pix_payments"."plan_id" is not null)),
	CONSTRAINT "pix_payments_status_valid" CHECK ("pix_payments"."status" in ('waiting', 'verified', 'expired', 'failed')),
	CONSTRAINT "pix_payments_applied_verified" CHECK ("pix_payments"."applied_at" is null or "pix_payments"."status" = 'verified')
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"br_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pix_provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pix_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "pix_payment_events" ADD CONSTRAINT "pix_payment_events_payment_id_pix_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pix_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_payment_events_payment_idx" ON "pix_payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_payments_user_idempotency_idx" ON "pix_payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_payments_provider_external_idx" ON "pix_payments" USING btree ("provider","pix_id_external");--> statement-breakpoint
CREATE INDEX "pix_payments_status_checked_idx" ON "pix_payments" USING btree ("status","last_checked_at");--> statement-breakpoint
CREATE INDEX "pix_payments_user_created_idx" ON "pix_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_payments_created_idx" ON "pix_payments" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_pix_provider_valid" CHECK ("settings"."pix_provider" in ('sandbox', 'mercadopago'));