CREATE TABLE "account_roles" (
	"account_id" text PRIMARY KEY NOT NULL,
	"role_id" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_account_id" text,
	"subject_account_id" text,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "certification_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"company" text NOT NULL,
	"licence_number" text NOT NULL,
	"address" text NOT NULL,
	"contacts" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "dealer_customers" (
	"dealer_account_id" text NOT NULL,
	"customer_account_id" text NOT NULL,
	CONSTRAINT "dealer_customers_dealer_account_id_customer_account_id_pk" PRIMARY KEY("dealer_account_id","customer_account_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_products" (
	"dealer_account_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "dealer_products_dealer_account_id_product_id_pk" PRIMARY KEY("dealer_account_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"account_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"data_scope" text DEFAULT 'chosen' NOT NULL,
	"can_debug" boolean DEFAULT false NOT NULL,
	"certified_by" text,
	"certified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_organisation_id_unique" UNIQUE("organisation_id")
);
--> statement-breakpoint
CREATE TABLE "role_products" (
	"role_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "role_products_role_id_product_id_pk" PRIMARY KEY("role_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"audience" text NOT NULL,
	"permissions" text DEFAULT '' NOT NULL,
	"data_scope" text DEFAULT 'all' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_assigned_by_accounts_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_requests" ADD CONSTRAINT "certification_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_requests" ADD CONSTRAINT "certification_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_customers" ADD CONSTRAINT "dealer_customers_dealer_account_id_dealers_account_id_fk" FOREIGN KEY ("dealer_account_id") REFERENCES "public"."dealers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_customers" ADD CONSTRAINT "dealer_customers_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_products" ADD CONSTRAINT "dealer_products_dealer_account_id_dealers_account_id_fk" FOREIGN KEY ("dealer_account_id") REFERENCES "public"."dealers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_products" ADD CONSTRAINT "dealer_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_certified_by_accounts_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_products" ADD CONSTRAINT "role_products_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_products" ADD CONSTRAINT "role_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_roles_role_idx" ON "account_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_account_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_requests_one_pending" ON "certification_requests" USING btree ("account_id") WHERE "certification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "certification_requests_account_idx" ON "certification_requests" USING btree ("account_id","submitted_at");--> statement-breakpoint
CREATE INDEX "dealer_customers_customer_idx" ON "dealer_customers" USING btree ("customer_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));