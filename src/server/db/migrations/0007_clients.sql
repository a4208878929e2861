CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(16) DEFAULT 'NORMAL' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"owner_id" integer,
	"bank_name" varchar(50),
	"bank_account" varchar(50),
	"invoice_title" varchar(50),
	"tax_number" varchar(50),
	"address" varchar(250),
	"former_name" varchar(50),
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customers_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "customers_kind_check" CHECK ("customers"."kind" in ('NORMAL', 'VIP', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "project_clients" (
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_clients_pk" PRIMARY KEY("project_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "project_principals" (
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_principals_pk" PRIMARY KEY("project_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(16) DEFAULT 'NON_LITIGATION' NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"department_id" integer,
	"opp_party" varchar(50),
	"plaintiff" varchar(50),
	"defendant" varchar(50),
	"summary" varchar(250),
	"remark" varchar(500),
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "projects_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "projects_kind_check" CHECK ("projects"."kind" in ('LITIGATION', 'NON_LITIGATION')),
	CONSTRAINT "projects_amount_range" CHECK ("projects"."amount_cents" between 0 and 2100000000)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_fk" FOREIGN KEY ("company_id","owner_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_clients" ADD CONSTRAINT "project_clients_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_clients" ADD CONSTRAINT "project_clients_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_principals" ADD CONSTRAINT "project_principals_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_principals" ADD CONSTRAINT "project_principals_employee_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_department_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."departments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_code" ON "customers" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "customers_owner" ON "customers" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "project_clients_customer" ON "project_clients" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "project_principals_employee" ON "project_principals" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_code" ON "projects" USING btree ("company_id","code");