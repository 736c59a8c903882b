-- Safe to apply twice: an upgrade from before 0038 applies it after 0037, which carries a later timestamp.
-- A gateway records the product it was made for (§3), named when it is added in a batch.
ALTER TABLE "gateways" ADD COLUMN IF NOT EXISTS "product_id" text;--> statement-breakpoint
ALTER TABLE "gateways" DROP CONSTRAINT IF EXISTS "gateways_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;