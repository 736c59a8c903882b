CREATE TABLE "device_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"sharer_account_id" text NOT NULL,
	"method" text NOT NULL,
	"token_hash" text,
	"password_hash" text,
	"top_menu" boolean NOT NULL,
	"menus" jsonb NOT NULL,
	"can_write" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"receiver_account_id" text,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_access" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_sharer_account_id_accounts_id_fk" FOREIGN KEY ("sharer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_receiver_account_id_accounts_id_fk" FOREIGN KEY ("receiver_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_owner_name" ON "device_groups" USING btree ("owner_account_id","name");--> statement-breakpoint
CREATE INDEX "device_shares_device_idx" ON "device_shares" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_shares_token" ON "device_shares" USING btree ("token_hash");--> statement-breakpoint
-- Group names typed on devices before groups were kept become their owners' groups.
INSERT INTO "device_groups" ("id", "owner_account_id", "name") SELECT 'g' || md5("owner_account_id" || ':' || "group_name"), "owner_account_id", "group_name" FROM "devices" WHERE "group_name" IS NOT NULL GROUP BY "owner_account_id", "group_name";
