-- A gap names the device it was lost for and the variables that lost points (null: every one), so
-- the history of a device shows it for exactly the variables concerned.
ALTER TABLE "data_gaps" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "data_gaps" ADD COLUMN "keys" jsonb;--> statement-breakpoint
CREATE INDEX "data_gaps_device_idx" ON "data_gaps" USING btree ("device_id","from_ts");
