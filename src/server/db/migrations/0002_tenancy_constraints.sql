-- (company_id, id) keys first: the composite foreign keys below reference them.
ALTER TABLE "account_years" ADD CONSTRAINT "account_years_company_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_company_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "account_years" DROP CONSTRAINT "account_years_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "periods" DROP CONSTRAINT "periods_account_year_id_account_years_id_fk";
--> statement-breakpoint
ALTER TABLE "role_rights" DROP CONSTRAINT "role_rights_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "login_guards" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_years" ADD CONSTRAINT "account_years_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_account_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "role_rights" ADD CONSTRAINT "role_rights_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_link_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."user_companies"("user_id","company_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_state_check" CHECK ("accounts"."state" in ('NORMAL', 'DRAFT', 'DELETED'));
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_kind_check" CHECK ("roles"."kind" in ('SYSTEM', 'USER'));
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_owner_check" CHECK ("roles"."owner" in ('COMPANY'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('ADMIN', 'OTHER'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_state_check" CHECK ("users"."state" in ('NORMAL', 'DISABLED', 'LOCKED'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('zh_CN', 'en_US'));
