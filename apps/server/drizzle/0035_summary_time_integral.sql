-- The time-integral of each summary (value × milliseconds from its first point to its last, each
-- value holding until the next point), for time-weighted report averages. Existing summaries get
-- theirs from the points, hours from minutes and days from hours, the way the platform keeps them.
ALTER TABLE "points_rollup" ADD COLUMN "v_area" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_day" ADD COLUMN "v_area" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_hour" ADD COLUMN "v_area" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "points_rollup" AS r SET "v_area" = s.a
FROM (SELECT "device_id", "key", m, coalesce(sum("v_num" * dt ORDER BY "ts"), 0) AS a FROM (
    SELECT "device_id", "key", "ts", "v_num", date_trunc('minute', "ts") AS m,
      (extract(epoch FROM lead("ts") OVER (PARTITION BY "device_id", "key", date_trunc('minute', "ts") ORDER BY "ts") - "ts") * 1000)::float8 AS dt
    FROM "points" WHERE "v_num" IS NOT NULL) AS p
  GROUP BY 1, 2, 3) AS s
WHERE r."device_id" = s."device_id" AND r."key" = s."key" AND r."minute" = s.m;--> statement-breakpoint
UPDATE "points_hour" AS h SET "v_area" = s.a
FROM (SELECT "device_id", "key", t, sum("v_area" + coalesce(pl * (extract(epoch FROM "first_at" - pa) * 1000)::float8, 0) ORDER BY "minute") AS a FROM (
    SELECT *, date_trunc('hour', "minute") AS t,
      lag("v_last") OVER w AS pl, lag("last_at") OVER w AS pa
    FROM "points_rollup" WINDOW w AS (PARTITION BY "device_id", "key", date_trunc('hour', "minute") ORDER BY "minute")) AS r
  GROUP BY 1, 2, 3) AS s
WHERE h."device_id" = s."device_id" AND h."key" = s."key" AND h."hour" = s.t;--> statement-breakpoint
UPDATE "points_day" AS d SET "v_area" = s.a
FROM (SELECT "device_id", "key", t, sum("v_area" + coalesce(pl * (extract(epoch FROM "first_at" - pa) * 1000)::float8, 0) ORDER BY "hour") AS a FROM (
    SELECT *, date_trunc('day', "hour", 'UTC') AS t,
      lag("v_last") OVER w AS pl, lag("last_at") OVER w AS pa
    FROM "points_hour" WINDOW w AS (PARTITION BY "device_id", "key", date_trunc('day', "hour", 'UTC') ORDER BY "hour")) AS h
  GROUP BY 1, 2, 3) AS s
WHERE d."device_id" = s."device_id" AND d."key" = s."key" AND d."day" = s.t;
