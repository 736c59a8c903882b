ALTER TABLE "report_rows" ALTER COLUMN "stats" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "v_first";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "first_at";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "v_last";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "last_at";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "v_min";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "v_max";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "v_sum";--> statement-breakpoint
ALTER TABLE "report_rows" DROP COLUMN "diff";