CREATE TABLE "gateway_replacements" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"old_sn" text NOT NULL,
	"new_sn" text NOT NULL,
	"actor_account_id" text,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_settings" (
	"sn" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"command_uuid" text,
	"outcomes" jsonb,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_replacements" ADD CONSTRAINT "gateway_replacements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_replacements" ADD CONSTRAINT "gateway_replacements_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_settings" ADD CONSTRAINT "gateway_settings_sn_gateways_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."gateways"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_replacements_device_idx" ON "gateway_replacements" USING btree ("device_id","at");