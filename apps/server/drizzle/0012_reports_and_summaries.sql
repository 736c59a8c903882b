CREATE TABLE "history_dirty" (
	"device_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"marked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "history_dirty_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
CREATE TABLE "points_day" (
	"device_id" text NOT NULL,
	"key" text NOT NULL,
	"day" timestamp (3) with time zone NOT NULL,
	"v_min" double precision NOT NULL,
	"v_max" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "points_day_device_id_key_day_pk" PRIMARY KEY("device_id","key","day")
);
--> statement-breakpoint
CREATE TABLE "points_hour" (
	"device_id" text NOT NULL,
	"key" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"v_min" double precision NOT NULL,
	"v_max" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "points_hour_device_id_key_hour_pk" PRIMARY KEY("device_id","key","hour")
);
--> statement-breakpoint
CREATE TABLE "report_progress" (
	"report_id" text NOT NULL,
	"device_id" text NOT NULL,
	"revision" integer NOT NULL,
	"computed_until" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_progress_report_id_device_id_pk" PRIMARY KEY("report_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "report_rows" (
	"report_id" text NOT NULL,
	"device_id" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "report_rows_report_id_device_id_at_pk" PRIMARY KEY("report_id","device_id","at")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"report" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_progress" ADD CONSTRAINT "report_progress_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_progress" ADD CONSTRAINT "report_progress_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rows" ADD CONSTRAINT "report_rows_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rows" ADD CONSTRAINT "report_rows_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_dirty_hour_idx" ON "history_dirty" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "reports_product_idx" ON "reports" USING btree ("product_id","position");--> statement-breakpoint
INSERT INTO "points_hour" ("device_id", "key", "hour", "v_min", "v_max", "n")
SELECT "device_id", "key", date_trunc('hour', "minute"), min("v_min"), max("v_max"), sum("n")::int FROM "points_rollup" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "points_day" ("device_id", "key", "day", "v_min", "v_max", "n")
SELECT "device_id", "key", date_trunc('day', "hour", 'UTC'), min("v_min"), max("v_max"), sum("n")::int FROM "points_hour" GROUP BY 1, 2, 3;
