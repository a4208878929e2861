-- Pinyin initials of master-data names for the lists' keyword search (bjkj finds 北京科技有限公司). NULL until filled: the server fills the rows written before this column at start (src/server/db/name-initials.ts fillNameInitials), and writes them with every name from then on.
ALTER TABLE "departments" ADD COLUMN "name_initials" varchar(50);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "name_initials" varchar(50);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_initials" varchar(50);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_initials" varchar(50);--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "name_initials" varchar(50);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "name_initials" varchar(50);