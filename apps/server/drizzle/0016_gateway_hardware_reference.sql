ALTER TABLE "gateways" ALTER COLUMN "hardware_model_id" SET DEFAULT 'default';--> statement-breakpoint
ALTER TABLE "gateways" ALTER COLUMN "hardware_model_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_hardware_model_id_hardware_models_id_fk" FOREIGN KEY ("hardware_model_id") REFERENCES "public"."hardware_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_id_hardware_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."hardware_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" DROP COLUMN "hardware_model";