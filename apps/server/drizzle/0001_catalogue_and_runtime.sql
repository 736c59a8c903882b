CREATE TABLE "device_access" (
	"device_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_access_device_id_account_id_pk" PRIMARY KEY("device_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_name" text,
	"gateway_sn" text NOT NULL,
	"product_id" text NOT NULL,
	"owner_account_id" text NOT NULL,
	"address" text,
	"longitude" double precision,
	"latitude" double precision,
	"iccid" text,
	"remark" text,
	"device_number" text,
	"factory_date" text,
	"install_date" text,
	"warranty_months" integer,
	"manufacturer" text,
	"sort_number" integer DEFAULT 0 NOT NULL,
	"config_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_gateway_sn_unique" UNIQUE("gateway_sn")
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"sn" text PRIMARY KEY NOT NULL,
	"verification_code" text NOT NULL,
	"secret" text NOT NULL,
	"firmware" text,
	"hardware_model" text,
	"developer_account_id" text,
	"owner_account_id" text,
	"remark" text,
	"status" text DEFAULT 'offline' NOT NULL,
	"network_mode" text,
	"gateway_mode" text,
	"signal" integer,
	"last_seen_at" timestamp with time zone,
	"config_version_reported" integer DEFAULT 0 NOT NULL,
	"config_sync_state" text DEFAULT 'none' NOT NULL,
	"config_sync_error" text,
	"last_seq" bigint DEFAULT -1 NOT NULL,
	"rejected_messages" integer DEFAULT 0 NOT NULL,
	"slave_counters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" text NOT NULL,
	"title" text NOT NULL,
	"product_model" text DEFAULT '' NOT NULL,
	"img_url" text,
	"note" text,
	"model_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'development' NOT NULL,
	"model" jsonb DEFAULT '{"drivers":[],"variables":[]}'::jsonb NOT NULL,
	"model_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"uuid" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"gateway_sn" text NOT NULL,
	"op" text NOT NULL,
	"key" text,
	"value" jsonb,
	"previous" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"code" text,
	"message" text,
	"result" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_gaps" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway_sn" text NOT NULL,
	"from_ts" timestamp with time zone NOT NULL,
	"to_ts" timestamp with time zone NOT NULL,
	"lost" integer NOT NULL,
	"seq" bigint,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "latest_values" (
	"device_id" text NOT NULL,
	"key" text NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"value" jsonb,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "latest_values_device_id_key_pk" PRIMARY KEY("device_id","key")
);
--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_sn_gateways_sn_fk" FOREIGN KEY ("gateway_sn") REFERENCES "public"."gateways"("sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_developer_account_id_accounts_id_fk" FOREIGN KEY ("developer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "latest_values" ADD CONSTRAINT "latest_values_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_owner_idx" ON "devices" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "devices_product_idx" ON "devices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gateways_owner_idx" ON "gateways" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "gateways_developer_idx" ON "gateways" USING btree ("developer_account_id");--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "commands_device_idx" ON "commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "data_gaps_gateway_idx" ON "data_gaps" USING btree ("gateway_sn","from_ts");