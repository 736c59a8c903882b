-- Latest values and minute summaries are updated in place many times (a latest value at every
-- upload, a minute summary at every batch within its minute). Free room on each page lets
-- PostgreSQL keep the new row version on the same page without touching the primary key index (a
-- heap-only update). Pages written from now on keep the room; existing pages fill as before.
ALTER TABLE "latest_values" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "points_rollup" SET (fillfactor = 70);
