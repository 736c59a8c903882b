-- Per platform process, how many transactions writing alarm rule states it has committed. A node
-- remembers the states it read or wrote with the other nodes' total at that time; while that total
-- has not moved, its remembered states are the stored ones and their revisions need no check.
CREATE TABLE "alarm_state_writers" (
	"node_id" text PRIMARY KEY NOT NULL,
	"writes" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
