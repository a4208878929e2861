-- Ledger sets that already share a name within a company keep the oldest name; the others get their id appended, so the index below can be built.
UPDATE "accounts" a SET "name" = left(a."name", 90) || ' #' || a."id" WHERE a."deleted" = false AND EXISTS (SELECT 1 FROM "accounts" o WHERE o."company_id" = a."company_id" AND o."name" = a."name" AND o."deleted" = false AND o."id" < a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_company_name_live" ON "accounts" USING btree ("company_id","name") WHERE "accounts"."deleted" = false;
