-- A rule state's due time: a matching value that has held for (filter count − 1) poll intervals
-- raises then unless a sample contradicts it. The alarm sweep finds the due states by this index.
ALTER TABLE "alarm_rule_states" ADD COLUMN "due_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "alarm_rule_states_due_idx" ON "alarm_rule_states" USING btree ("due_at") WHERE "alarm_rule_states"."due_at" is not null;
