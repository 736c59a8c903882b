CREATE TABLE "firmware" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" text,
	"firmware_id" text,
	"part" text,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_kind_version_unique" ON "firmware" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "firmware_files_firmware_idx" ON "firmware_files" USING btree ("firmware_id");