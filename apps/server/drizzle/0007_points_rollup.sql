CREATE TABLE "points_rollup" (
	"device_id" text NOT NULL,
	"key" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"v_min" double precision NOT NULL,
	"v_max" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "points_rollup_device_id_key_minute_pk" PRIMARY KEY("device_id","key","minute")
);
