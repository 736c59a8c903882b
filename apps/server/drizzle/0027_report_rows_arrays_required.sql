ALTER TABLE "report_rows" ALTER COLUMN "keys" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "v_first" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "first_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "v_last" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "last_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "v_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "v_max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "v_sum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "n" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" ALTER COLUMN "diff" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "cells";