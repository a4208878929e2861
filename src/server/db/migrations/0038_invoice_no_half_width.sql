-- Reimbursed invoice numbers typed in full width (全角: ０４４１…) are the same numbers as their half-width forms (src/domain/half-width.ts): the duplicate check compares no_key, so the keys stored before are recomputed as normalizeInvoiceNo now makes them (NFKC, no spaces, upper case), and the number itself is kept in its half-width form as new saves keep it. A row whose new key another row already holds (the invoice was claimed twice before this rule) keeps its old key: the unique index stays valid, and the double claim stays visible in both documents.
WITH k AS (
	SELECT "id", "company_id", left(btrim(normalize("no", NFKC)), 50) AS "no_hw", left(upper(regexp_replace(normalize("no", NFKC), '\s', '', 'g')), 50) AS "key"
	FROM "expense_invoices"
	WHERE "no" <> normalize("no", NFKC)
), fresh AS (
	SELECT k.*, row_number() OVER (PARTITION BY "company_id", "key" ORDER BY "id") AS "n" FROM k
)
UPDATE "expense_invoices" e SET "no" = f."no_hw", "no_key" = f."key"
FROM fresh f
WHERE e."id" = f."id" AND f."n" = 1 AND f."key" <> ''
	AND NOT EXISTS (SELECT 1 FROM "expense_invoices" o WHERE o."company_id" = f."company_id" AND o."no_key" = f."key" AND o."id" <> f."id");
