CREATE TABLE "account_events" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "account_profiles" (
	"account_id" text PRIMARY KEY NOT NULL,
	"avatar_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"replied_by" text,
	"replied_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"order_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"title" text NOT NULL,
	"tax_number" text,
	"email" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_questions" (
	"account_id" text NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer_hash" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_questions_account_id_position_pk" PRIMARY KEY("account_id","position")
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"gateway_sn" text NOT NULL,
	"device_id" text,
	"kind" text NOT NULL,
	"actor_account_id" text,
	"detail" jsonb,
	"once_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_replied_by_accounts_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_questions" ADD CONSTRAINT "security_questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_account_idx" ON "account_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "feedback_account_idx" ON "feedback" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","paid_at");--> statement-breakpoint
CREATE INDEX "device_events_gateway_idx" ON "device_events" USING btree ("gateway_sn","at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_events_once" ON "device_events" USING btree ("once_key");--> statement-breakpoint
-- Accounts created before the account centre's menus existed get them with the account area they hold.
UPDATE "accounts" SET "auths" = "auths" || ',account:log,account:feedback,account:order' WHERE (',' || "auths" || ',') LIKE '%,account:info,%';--> statement-breakpoint
UPDATE "accounts" SET "auths" = "auths" || ',manage:feedback,manage:feedback:reply' WHERE "account_kind" = 'operation' AND (',' || "auths" || ',') LIKE '%,manage:account:ter,%';
