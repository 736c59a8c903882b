ALTER TABLE "report_rows" ADD COLUMN "stats" double precision[][];--> statement-breakpoint
-- Stored rows keep their statistics: element i of the eight arrays becomes row i of the matrix, in the
-- order first, first_at, last, last_at, min, max, sum, diff; a row without cells gets an empty matrix.
UPDATE "report_rows" SET "stats" = coalesce((
  SELECT array_agg(ARRAY[f, fa, l, la, mn, mx, s, d] ORDER BY i)
  FROM unnest("v_first", "first_at", "v_last", "last_at", "v_min", "v_max", "v_sum", "diff")
    WITH ORDINALITY AS c(f, fa, l, la, mn, mx, s, d, i)), '{}');
