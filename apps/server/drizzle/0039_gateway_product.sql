-- A gateway records the product it was made for (§3), named when it is added in a batch.
ALTER TABLE "gateways" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;