-- Deleting a voucher that others were copied or reversed from clears only their origin_id: the
-- composite foreign key's plain SET NULL would also null company_id (NOT NULL) and fail.
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_origin_fk";
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_origin_fk" FOREIGN KEY ("company_id","origin_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE SET NULL ("origin_id") ON UPDATE no action;
