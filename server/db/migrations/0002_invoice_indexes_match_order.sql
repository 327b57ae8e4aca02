DROP INDEX "invoice_company_fecha_idx";--> statement-breakpoint
DROP INDEX "invoice_company_status_fecha_idx";--> statement-breakpoint
DROP INDEX "invoice_company_created_idx";--> statement-breakpoint
CREATE INDEX "invoice_company_fecha_created_idx" ON "invoice" USING btree ("company_id","fecha_emision" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoice_company_status_fecha_idx" ON "invoice" USING btree ("company_id","status","fecha_emision" DESC NULLS FIRST,"importe_total","total_iva","customer_id");--> statement-breakpoint
CREATE INDEX "invoice_company_created_idx" ON "invoice" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);