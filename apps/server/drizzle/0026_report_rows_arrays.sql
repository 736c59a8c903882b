ALTER TABLE "report_rows" ADD COLUMN "keys" text[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "v_first" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "first_at" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "v_last" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "last_at" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "v_min" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "v_max" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "v_sum" double precision[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "n" integer[];--> statement-breakpoint
ALTER TABLE "report_rows" ADD COLUMN "diff" double precision[];--> statement-breakpoint
-- Stored rows keep their statistics: each cell of the JSON object becomes one element of every array, in
-- the object's order.
UPDATE "report_rows" SET
  "keys" = ARRAY(SELECT key FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "v_first" = ARRAY(SELECT (value->>'first')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "first_at" = ARRAY(SELECT (value->>'firstAt')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "v_last" = ARRAY(SELECT (value->>'last')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "last_at" = ARRAY(SELECT (value->>'lastAt')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "v_min" = ARRAY(SELECT (value->>'min')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "v_max" = ARRAY(SELECT (value->>'max')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "v_sum" = ARRAY(SELECT (value->>'sum')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "n" = ARRAY(SELECT (value->>'count')::int FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i),
  "diff" = ARRAY(SELECT (value->>'diff')::float8 FROM json_each("cells") WITH ORDINALITY AS c(key, value, i) ORDER BY i);
