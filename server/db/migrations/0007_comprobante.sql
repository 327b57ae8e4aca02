-- Issue 12: the invoice table becomes the table of every comprobante (DESIGN.md §7). Renames keep
-- every row as it is (signed XML, keys, events, jobs); only names change, plus two new columns for
-- what other types need and a CHECK on the status (core/comprobante-status.ts).
ALTER TABLE "invoice" RENAME TO "comprobante";--> statement-breakpoint
ALTER TABLE "invoice_event" RENAME TO "comprobante_event";--> statement-breakpoint
ALTER SEQUENCE "invoice_event_id_seq" RENAME TO "comprobante_event_id_seq";--> statement-breakpoint
ALTER TABLE "comprobante_event" RENAME COLUMN "invoice_id" TO "comprobante_id";--> statement-breakpoint
ALTER TABLE "job" RENAME COLUMN "invoice_id" TO "comprobante_id";--> statement-breakpoint
ALTER TABLE "comprobante" RENAME CONSTRAINT "invoice_company_id_id_pk" TO "comprobante_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "comprobante" RENAME CONSTRAINT "invoice_company_id_company_id_fk" TO "comprobante_company_id_company_id_fk";--> statement-breakpoint
ALTER TABLE "comprobante" RENAME CONSTRAINT "invoice_company_numero" TO "comprobante_company_numero";--> statement-breakpoint
ALTER TABLE "comprobante" RENAME CONSTRAINT "invoice_company_clave" TO "comprobante_company_clave";--> statement-breakpoint
ALTER TABLE "comprobante_event" RENAME CONSTRAINT "invoice_event_company_id_id_pk" TO "comprobante_event_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "comprobante_event" RENAME CONSTRAINT "invoice_event_company_id_invoice_id_invoice_company_id_id_fk" TO "comprobante_event_company_id_comprobante_id_comprobante_company_id_id_fk";--> statement-breakpoint
ALTER INDEX "invoice_company_fecha_created_idx" RENAME TO "comprobante_company_fecha_created_idx";--> statement-breakpoint
ALTER INDEX "invoice_company_status_fecha_idx" RENAME TO "comprobante_company_status_fecha_idx";--> statement-breakpoint
ALTER INDEX "invoice_company_customer_idx" RENAME TO "comprobante_company_customer_idx";--> statement-breakpoint
ALTER INDEX "invoice_company_buyer_idx" RENAME TO "comprobante_company_buyer_idx";--> statement-breakpoint
ALTER INDEX "invoice_company_created_idx" RENAME TO "comprobante_company_created_idx";--> statement-breakpoint
ALTER INDEX "invoice_event_invoice_idx" RENAME TO "comprobante_event_comprobante_idx";--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "related_id" uuid;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "type_detail" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "comprobante_company_related_idx" ON "comprobante" USING btree ("company_id","related_id");--> statement-breakpoint
ALTER TABLE "comprobante" ADD CONSTRAINT "comprobante_status_check" CHECK (status in ('BORRADOR', 'FIRMADA', 'RECIBIDA', 'DEVUELTA', 'EN_PROCESO', 'AUTORIZADA', 'NO_AUTORIZADA', 'ANULADA'));--> statement-breakpoint
-- The mail job is no longer the invoice's: queued rows keep working under the new kind.
UPDATE "job" SET "kind" = 'mail_comprobante' WHERE "kind" = 'mail_invoice';
