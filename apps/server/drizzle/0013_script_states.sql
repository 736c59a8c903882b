CREATE TABLE "script_states" (
	"device_id" text NOT NULL,
	"script_key" text NOT NULL,
	"config_version" integer NOT NULL,
	"state" jsonb NOT NULL,
	"report_ts" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "script_states_device_id_script_key_pk" PRIMARY KEY("device_id","script_key")
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "model" SET DEFAULT '{"drivers":[],"variables":[],"scripts":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "script_states" ADD CONSTRAINT "script_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;