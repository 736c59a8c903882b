-- The compressed archive of history: closed days of points rewritten as one row per (series,
-- hour), times delta-encoded and numbers packed as whole-number deltas (`archive-codec.ts`), in
-- month partitions that retention drops whole. TOAST compresses the arrays (lz4 where the server
-- has it) and keeps them in the row.
CREATE TABLE "points_archive" (
	"series_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"first_ts" timestamp (3) with time zone NOT NULL,
	"last_ts" timestamp (3) with time zone NOT NULL,
	"t_delta" integer[] NOT NULL,
	"v_scale" smallint,
	"v_delta" integer[],
	"v_raw" double precision[],
	"v_text" text[],
	"e" text[],
	PRIMARY KEY ("series_id", "hour")
) PARTITION BY RANGE ("hour");--> statement-breakpoint
ALTER TABLE "points_archive" ALTER COLUMN "t_delta" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "points_archive" ALTER COLUMN "v_delta" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "points_archive" ALTER COLUMN "v_raw" SET STORAGE MAIN;--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "points_archive" ALTER COLUMN "t_delta" SET COMPRESSION lz4;
	ALTER TABLE "points_archive" ALTER COLUMN "v_delta" SET COMPRESSION lz4;
	ALTER TABLE "points_archive" ALTER COLUMN "v_raw" SET COMPRESSION lz4;
	ALTER TABLE "points_archive" ALTER COLUMN "v_text" SET COMPRESSION lz4;
	ALTER TABLE "points_archive" ALTER COLUMN "e" SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
	-- A server built without lz4 compresses with its own pglz.
	NULL;
END
$$;--> statement-breakpoint
-- Archived points as readers see them, decoded as `unpackHour` does; callers bound `hour` so only
-- the hours a range touches are decoded.
CREATE VIEW "archived_point_rows" AS
	SELECT s."device_id", s."key", a."hour", u."ts", u."v_num", u."v_text", u."e", a."series_id"
	FROM "points_archive" a
	JOIN "point_series" s ON s."id" = a."series_id"
	CROSS JOIN LATERAL (
		SELECT
			(a."hour" + (sum(x.td) OVER w) * interval '1 millisecond')::timestamp (3) with time zone AS "ts",
			CASE
				WHEN a."v_scale" IS NULL THEN x.vr
				WHEN x.vd IS NULL THEN NULL
				ELSE (sum(x.vd) OVER w)::double precision
					/ ('{1,10,100,1000,10000,100000,1000000,10000000,100000000,1000000000}'::double precision[])[a."v_scale" + 1]
			END AS "v_num",
			x.vt AS "v_text",
			x.ve AS "e"
		FROM unnest(a."t_delta", a."v_delta", a."v_raw", a."v_text", a."e") WITH ORDINALITY AS x(td, vd, vr, vt, ve, i)
		WINDOW w AS (ORDER BY x.i ROWS UNBOUNDED PRECEDING)
	) u;--> statement-breakpoint
-- How long history is kept: per product (its developer), per device (staff, overriding the
-- product). Days of raw points and of minute summaries; years of hour and day summaries (null: for ever).
CREATE TABLE "retention_policies" (
	"scope" text NOT NULL,
	"subject_id" text NOT NULL,
	"raw_days" integer NOT NULL,
	"minute_days" integer NOT NULL,
	"summary_years" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_policies_scope_subject_id_pk" PRIMARY KEY("scope","subject_id"),
	CONSTRAINT "retention_policies_scope" CHECK ("scope" IN ('product', 'device')),
	CONSTRAINT "retention_policies_positive" CHECK ("raw_days" > 0 AND "minute_days" > 0 AND ("summary_years" IS NULL OR "summary_years" > 0))
);
--> statement-breakpoint
-- Days whose points the archive has taken (or is taking): a point arriving for one of them is
-- checked against the archive, so a point delivered twice is still stored once.
CREATE TABLE "points_archived_days" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL
);
