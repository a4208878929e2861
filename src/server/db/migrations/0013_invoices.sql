CREATE TABLE "invoice_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" varchar(250) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"no" varchar(50) NOT NULL,
	"kind" varchar(16) DEFAULT 'VAT_GENERAL' NOT NULL,
	"issue_office" varchar(50),
	"date" date NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"red_cents" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"opened" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('VAT_GENERAL', 'VAT_SPECIAL', 'PAPER_SPECIAL', 'PAPER_GENERAL')),
	CONSTRAINT "invoices_amount_range" CHECK ("invoices"."amount_cents" between 0 and 2100000000),
	CONSTRAINT "invoices_received_range" CHECK ("invoices"."received_cents" between 0 and 2100000000),
	CONSTRAINT "invoices_red_range" CHECK ("invoices"."red_cents" between 0 and 2100000000)
);
--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_attachments_invoice" ON "invoice_attachments" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_attachments_file" ON "invoice_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_no" ON "invoices" USING btree ("company_id","no");--> statement-breakpoint
CREATE INDEX "invoices_project" ON "invoices" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "invoices_date" ON "invoices" USING btree ("company_id","date");