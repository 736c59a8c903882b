CREATE TABLE "alarm_device_states" (
	"device_id" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"next_check_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"group" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_notification_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"notification_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"result" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "alarm_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"group_id" text NOT NULL,
	"account_id" text,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_preferences" (
	"account_id" text PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_records" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"rule_id" text,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"value" jsonb,
	"since" timestamp (3) with time zone NOT NULL,
	"raised_at" timestamp (3) with time zone NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"released_at" timestamp (3) with time zone,
	"release_reason" text,
	"release_value" jsonb,
	"acknowledged_at" timestamp (3) with time zone,
	"acknowledged_by" text,
	"acknowledge_comment" text,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"push_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_sets" (
	"product_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status_alarms" jsonb,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_states" (
	"device_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"state" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_rule_states_device_id_rule_id_pk" PRIMARY KEY("device_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" text NOT NULL,
	"account_id" text NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_account_id_pk" PRIMARY KEY("message_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"subject_kind" text,
	"subject_id" text,
	"popup" boolean DEFAULT false NOT NULL,
	"equip_type" text,
	"img_url" text,
	"dedupe_key" text,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "sim_cards" (
	"iccid" text PRIMARY KEY NOT NULL,
	"shutdown" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"operator" text,
	"remark" text,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_device_states" ADD CONSTRAINT "alarm_device_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_groups" ADD CONSTRAINT "alarm_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notification_attempts" ADD CONSTRAINT "alarm_notification_attempts_notification_id_alarm_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."alarm_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_record_id_alarm_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."alarm_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_preferences" ADD CONSTRAINT "alarm_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_records" ADD CONSTRAINT "alarm_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_records" ADD CONSTRAINT "alarm_records_acknowledged_by_accounts_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_sets" ADD CONSTRAINT "alarm_rule_sets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_states" ADD CONSTRAINT "alarm_rule_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_device_states_check_idx" ON "alarm_device_states" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "alarm_groups_product_idx" ON "alarm_groups" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "alarm_notification_attempts_idx" ON "alarm_notification_attempts" USING btree ("notification_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_notifications_once" ON "alarm_notifications" USING btree ("record_id","key");--> statement-breakpoint
CREATE INDEX "alarm_notifications_due_idx" ON "alarm_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_records_one_active" ON "alarm_records" USING btree ("device_id","source") WHERE "alarm_records"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_records_once" ON "alarm_records" USING btree ("device_id","source","raised_at");--> statement-breakpoint
CREATE INDEX "alarm_records_device_idx" ON "alarm_records" USING btree ("device_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarm_records_raised_idx" ON "alarm_records" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "alarm_records_notify_idx" ON "alarm_records" USING btree ("notify_at");--> statement-breakpoint
CREATE INDEX "alarm_rules_product_idx" ON "alarm_rules" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "messages_account_idx" ON "messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_type_idx" ON "messages" USING btree ("type","created_at");