CREATE TABLE "camera_keys" (
	"account_id" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"app_secret" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_keys" ADD CONSTRAINT "camera_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;