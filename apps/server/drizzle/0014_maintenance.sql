CREATE TABLE "inspection_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" text NOT NULL,
	"name" text NOT NULL,
	"device_ids" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"inspector_ids" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"device_id" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"state" text DEFAULT 'not-started' NOT NULL,
	"result" text,
	"inspector_id" text,
	"remark" text DEFAULT '' NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"work_order_id" text NOT NULL,
	"kind" text NOT NULL,
	"by_id" text,
	"at" timestamp (3) with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"assignee_id" text,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_sequences" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"device_id" text NOT NULL,
	"alarm_record_id" text,
	"alarm_name" text,
	"alarm_value" jsonb,
	"alarm_at" timestamp (3) with time zone,
	"inspection_task_id" text,
	"problem" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"creator_id" text NOT NULL,
	"assignee_id" text,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "inspection_plans" ADD CONSTRAINT "inspection_plans_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_plan_id_inspection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."inspection_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_inspector_id_accounts_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_by_id_accounts_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_assignee_id_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_alarm_record_id_alarm_records_id_fk" FOREIGN KEY ("alarm_record_id") REFERENCES "public"."alarm_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_creator_id_accounts_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_tasks_once" ON "inspection_tasks" USING btree ("plan_id","device_id","period_start");--> statement-breakpoint
CREATE INDEX "inspection_tasks_device_idx" ON "inspection_tasks" USING btree ("device_id","period_start");--> statement-breakpoint
CREATE INDEX "inspection_tasks_state_idx" ON "inspection_tasks" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "work_order_events_order_idx" ON "work_order_events" USING btree ("work_order_id","at");--> statement-breakpoint
CREATE INDEX "work_orders_device_idx" ON "work_orders" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_state_idx" ON "work_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_one_open_per_alarm" ON "work_orders" USING btree ("alarm_record_id") WHERE "work_orders"."state" not in ('finished', 'ended');