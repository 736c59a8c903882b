CREATE TABLE "device_configs" (
	"device_id" text PRIMARY KEY NOT NULL,
	"overrides" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"template_id" text,
	"template_version" integer
);
--> statement-breakpoint
CREATE TABLE "device_template_versions" (
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"overrides" jsonb NOT NULL,
	"restored_from" integer,
	"created_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "device_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "device_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_id" text NOT NULL,
	"owner_account_id" text NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_template_id_device_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."device_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_template_versions" ADD CONSTRAINT "device_template_versions_template_id_device_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."device_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_template_versions" ADD CONSTRAINT "device_template_versions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_templates" ADD CONSTRAINT "device_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_templates" ADD CONSTRAINT "device_templates_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_configs_template_idx" ON "device_configs" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_templates_owner_name_idx" ON "device_templates" USING btree ("owner_account_id","name");