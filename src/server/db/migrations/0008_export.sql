CREATE TABLE "export_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"state" varchar(16) DEFAULT 'RUNNING' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result_file_id" integer,
	"error" varchar(60),
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_tasks_kind_check" CHECK ("export_tasks"."kind" in ('SUBJECT')),
	CONSTRAINT "export_tasks_state_check" CHECK ("export_tasks"."state" in ('RUNNING', 'FINISHED', 'FAILED')),
	CONSTRAINT "export_tasks_progress_check" CHECK ("export_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_result_file_id_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_tasks_token" ON "export_tasks" USING btree ("token");--> statement-breakpoint
CREATE INDEX "export_tasks_company" ON "export_tasks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "export_tasks_running" ON "export_tasks" USING btree ("state") WHERE "export_tasks"."state" = 'RUNNING';