ALTER TABLE "report_rows" ALTER COLUMN "cells" SET DATA TYPE json USING "cells"::json;
