ALTER TABLE "points_rollup" ADD COLUMN "v_first" double precision, ADD COLUMN "first_at" timestamp (3) with time zone, ADD COLUMN "v_last" double precision, ADD COLUMN "last_at" timestamp (3) with time zone, ADD COLUMN "v_sum" double precision;--> statement-breakpoint
ALTER TABLE "points_hour" ADD COLUMN "v_first" double precision, ADD COLUMN "first_at" timestamp (3) with time zone, ADD COLUMN "v_last" double precision, ADD COLUMN "last_at" timestamp (3) with time zone, ADD COLUMN "v_sum" double precision;--> statement-breakpoint
ALTER TABLE "points_day" ADD COLUMN "v_first" double precision, ADD COLUMN "first_at" timestamp (3) with time zone, ADD COLUMN "v_last" double precision, ADD COLUMN "last_at" timestamp (3) with time zone, ADD COLUMN "v_sum" double precision;--> statement-breakpoint
UPDATE "points_rollup" AS r SET "v_first" = s.f, "first_at" = s.fa, "v_last" = s.l, "last_at" = s.la, "v_sum" = s.s
FROM (SELECT "device_id", "key", date_trunc('minute', "ts") AS m, (array_agg("v_num" ORDER BY "ts"))[1] AS f, min("ts") AS fa,
  (array_agg("v_num" ORDER BY "ts" DESC))[1] AS l, max("ts") AS la, sum("v_num" ORDER BY "ts") AS s
  FROM "points" WHERE "v_num" IS NOT NULL GROUP BY 1, 2, 3) AS s
WHERE r."device_id" = s."device_id" AND r."key" = s."key" AND r."minute" = s.m;--> statement-breakpoint
UPDATE "points_hour" AS h SET "v_first" = s.f, "first_at" = s.fa, "v_last" = s.l, "last_at" = s.la, "v_sum" = s.s
FROM (SELECT "device_id", "key", date_trunc('hour', "minute") AS t, (array_agg("v_first" ORDER BY "minute"))[1] AS f, min("first_at") AS fa,
  (array_agg("v_last" ORDER BY "minute" DESC))[1] AS l, max("last_at") AS la, sum("v_sum" ORDER BY "minute") AS s
  FROM "points_rollup" GROUP BY 1, 2, 3) AS s
WHERE h."device_id" = s."device_id" AND h."key" = s."key" AND h."hour" = s.t;--> statement-breakpoint
UPDATE "points_day" AS d SET "v_first" = s.f, "first_at" = s.fa, "v_last" = s.l, "last_at" = s.la, "v_sum" = s.s
FROM (SELECT "device_id", "key", date_trunc('day', "hour", 'UTC') AS t, (array_agg("v_first" ORDER BY "hour"))[1] AS f, min("first_at") AS fa,
  (array_agg("v_last" ORDER BY "hour" DESC))[1] AS l, max("last_at") AS la, sum("v_sum" ORDER BY "hour") AS s
  FROM "points_hour" GROUP BY 1, 2, 3) AS s
WHERE d."device_id" = s."device_id" AND d."key" = s."key" AND d."day" = s.t;--> statement-breakpoint
-- Summaries whose points are gone (none should be) cannot be completed; they are dropped.
DELETE FROM "points_rollup" WHERE "v_sum" IS NULL;--> statement-breakpoint
DELETE FROM "points_hour" WHERE "v_sum" IS NULL;--> statement-breakpoint
DELETE FROM "points_day" WHERE "v_sum" IS NULL;--> statement-breakpoint
ALTER TABLE "points_rollup" ALTER COLUMN "v_first" SET NOT NULL, ALTER COLUMN "first_at" SET NOT NULL, ALTER COLUMN "v_last" SET NOT NULL, ALTER COLUMN "last_at" SET NOT NULL, ALTER COLUMN "v_sum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "points_hour" ALTER COLUMN "v_first" SET NOT NULL, ALTER COLUMN "first_at" SET NOT NULL, ALTER COLUMN "v_last" SET NOT NULL, ALTER COLUMN "last_at" SET NOT NULL, ALTER COLUMN "v_sum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "points_day" ALTER COLUMN "v_first" SET NOT NULL, ALTER COLUMN "first_at" SET NOT NULL, ALTER COLUMN "v_last" SET NOT NULL, ALTER COLUMN "last_at" SET NOT NULL, ALTER COLUMN "v_sum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "cells" SET DATA TYPE json USING "cells"::json;