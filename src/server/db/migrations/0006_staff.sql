CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"parent_id" integer,
	"principal_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "departments_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "departments_not_own_parent" CHECK ("departments"."parent_id" is null or "departments"."parent_id" <> "departments"."id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"sex" integer,
	"department_id" integer NOT NULL,
	"phone" varchar(50),
	"position" varchar(50),
	"salesman" boolean DEFAULT false NOT NULL,
	"birthday" date,
	"entry_date" date,
	"leave_date" date,
	"remark" varchar(500),
	"disabled" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "employees_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "employees_sex_check" CHECK ("employees"."sex" is null or "employees"."sex" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."departments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_principal_fk" FOREIGN KEY ("company_id","principal_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."departments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_code" ON "departments" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "departments_parent" ON "departments" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_code" ON "employees" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_user" ON "employees" USING btree ("company_id","user_id") WHERE "employees"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "employees_department" ON "employees" USING btree ("company_id","department_id");