CREATE TABLE "hardware_models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"capacity" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "hardware_model_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hardware_models_name_idx" ON "hardware_models" USING btree ("name");--> statement-breakpoint
-- Hand-written: the built-in model, a model for every hardware model name gateways carried as
-- text (with the numbers every product had until now), and each gateway pointed at its model.
-- Products whose model text names a model keep it; any other text is cleared.
INSERT INTO "hardware_models" ("id", "name", "description", "capacity", "features") VALUES (
	'default', 'Standard', NULL,
	'{"drivers":16,"variables":1000,"reports":16,"scripts":100,"alarms":200}'::jsonb,
	'{"cellular":true,"wifi":false,"gps":false,"baseStation":true,"serialPorts":2,"lanPorts":1}'::jsonb
);--> statement-breakpoint
INSERT INTO "hardware_models" ("id", "name", "capacity", "features")
SELECT 'hw-' || md5(named.name), named.name,
	'{"drivers":16,"variables":1000,"reports":16,"scripts":100,"alarms":200}'::jsonb,
	'{"cellular":true,"wifi":false,"gps":false,"baseStation":true,"serialPorts":2,"lanPorts":1}'::jsonb
FROM (SELECT DISTINCT btrim("hardware_model") AS name FROM "gateways"
	WHERE btrim(coalesce("hardware_model", '')) <> '' AND btrim("hardware_model") <> 'Standard') AS named;--> statement-breakpoint
UPDATE "gateways" SET "hardware_model_id" = coalesce(
	(SELECT m."id" FROM "hardware_models" m WHERE m."name" = btrim("gateways"."hardware_model")), 'default');--> statement-breakpoint
UPDATE "products" SET "model_id" = (SELECT m."id" FROM "hardware_models" m
	WHERE m."id" = "products"."model_id" OR m."name" = btrim("products"."model_id") LIMIT 1)
WHERE "model_id" IS NOT NULL;
