CREATE TABLE "agreement_acceptances" (
	"account_id" text NOT NULL,
	"agreement_version_id" text NOT NULL,
	"accepted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_acceptances_account_id_agreement_version_id_pk" PRIMARY KEY("account_id","agreement_version_id")
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_by" text,
	"published_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"identifier" text NOT NULL,
	"enterprise" text DEFAULT '' NOT NULL,
	"ios_url" text DEFAULT '' NOT NULL,
	"android_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_agreement_version_id_agreement_versions_id_fk" FOREIGN KEY ("agreement_version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_acceptances_version_idx" ON "agreement_acceptances" USING btree ("agreement_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_kind_version_unique" ON "agreement_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "agreement_versions_kind_published_idx" ON "agreement_versions" USING btree ("kind","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_identifier_version_unique" ON "app_versions" USING btree ("identifier","version");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_one_latest" ON "app_versions" USING btree ("identifier") WHERE "app_versions"."latest";--> statement-breakpoint
CREATE UNIQUE INDEX "driver_models_name_unique" ON "driver_models" USING btree ("name");