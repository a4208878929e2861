-- The income statement's standard rows read net movements without the profit transfer (src/server/features/report/figures.ts movementFigure): an investment loss, an interest income or a refund booked on the other side counts against its line, and the transfer (结转损益) no longer adds the closed balance of such a subject to it. Rows a company changed keep their formula.
UPDATE "report_rows" SET "formula" = 'C(5001)+C(5051)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'CR(5001)+CR(5051)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5401)+D(5402)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5401)+DR(5402)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5403)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5403)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5601)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5601)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5602)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5602)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5603)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5603)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'C(5111)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'CR(5111)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'C(5301)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'CR(5301)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5711)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5711)';--> statement-breakpoint
UPDATE "report_rows" SET "formula" = 'D(5801)', "version" = "version" + 1 WHERE "kind" = 'INCOME_STATEMENT' AND "formula" = 'DR(5801)';
