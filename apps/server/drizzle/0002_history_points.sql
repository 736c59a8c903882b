-- History points, partitioned by month on the device timestamp. The platform creates each month's
-- partition before it stores the first point of that month. Storage is idempotent on
-- (device, variable key, timestamp): a point delivered twice is stored once.
CREATE TABLE "points" (
  "device_id" text NOT NULL,
  "key" text NOT NULL,
  "ts" timestamp (3) with time zone NOT NULL,
  "v_num" double precision,
  "v_text" text,
  "e" text,
  PRIMARY KEY ("device_id", "key", "ts")
) PARTITION BY RANGE ("ts");
