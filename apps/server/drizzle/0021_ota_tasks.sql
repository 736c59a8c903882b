CREATE TABLE "ota_task_gateways" (
	"task_id" text NOT NULL,
	"sn" text NOT NULL,
	"batch" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"percent" integer,
	"code" text,
	"params" jsonb,
	"from_version" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_task_gateways_task_id_sn_pk" PRIMARY KEY("task_id","sn")
);
--> statement-breakpoint
CREATE TABLE "ota_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"firmware_id" text NOT NULL,
	"target" text NOT NULL,
	"from_version" text,
	"first_batch" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "system_firmware" text;--> statement-breakpoint
ALTER TABLE "ota_task_gateways" ADD CONSTRAINT "ota_task_gateways_task_id_ota_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ota_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_task_gateways" ADD CONSTRAINT "ota_task_gateways_sn_gateways_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."gateways"("sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_task_gateways_sn_idx" ON "ota_task_gateways" USING btree ("sn","state");--> statement-breakpoint
CREATE INDEX "ota_tasks_product_idx" ON "ota_tasks" USING btree ("product_id","created_at");