-- Faceplate templates of a product: a group or page saved with device parameters, placed on pages many times.
CREATE TABLE "designer_faceplates" (
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"version" integer NOT NULL,
	"template" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designer_faceplates_pk" PRIMARY KEY ("product_id", "id")
);--> statement-breakpoint
ALTER TABLE "designer_faceplates" ADD CONSTRAINT "designer_faceplates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
