-- Report rows are written by the hundred thousand when a report is computed, and the two foreign
-- key checks of every row took about a tenth of that time. Their integrity does not need the checks: rows
-- are written only in a transaction that holds their (report, device) progress row, which has both
-- foreign keys, and the triggers below delete the rows of a deleted report or device, whichever way
-- it is deleted (directly, or with its product or owner).
-- Each trigger deletes the progress rows first: that waits for a computation holding them, so the
-- rows it wrote are committed, and seen by the next statement, which deletes them; a computation
-- starting later finds no progress row and cannot add one for what is gone. A device's rows are
-- found through the reports of its product, so the primary key's index serves the delete.
ALTER TABLE "report_rows" DROP CONSTRAINT "report_rows_report_id_reports_id_fk";--> statement-breakpoint
ALTER TABLE "report_rows" DROP CONSTRAINT "report_rows_device_id_devices_id_fk";--> statement-breakpoint
CREATE FUNCTION report_rows_of_deleted_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_progress WHERE report_id = OLD.id;
  DELETE FROM report_rows WHERE report_id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_rows_of_deleted_report AFTER DELETE ON reports
  FOR EACH ROW EXECUTE FUNCTION report_rows_of_deleted_report();--> statement-breakpoint
CREATE FUNCTION report_rows_of_deleted_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_progress
    WHERE report_id IN (SELECT id FROM reports WHERE product_id = OLD.product_id) AND device_id = OLD.id;
  DELETE FROM report_rows
    WHERE report_id IN (SELECT id FROM reports WHERE product_id = OLD.product_id) AND device_id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_rows_of_deleted_device AFTER DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION report_rows_of_deleted_device();
