ALTER TABLE "comprobante" ADD COLUMN "annulment" jsonb;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "delayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sri_sandbox_comprobante" ADD COLUMN "anulacion" jsonb;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "sri_estado" text;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "sri_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "confirm_message" text;--> statement-breakpoint
CREATE INDEX "comprobante_waiting_undelayed_idx" ON "comprobante" USING btree ("company_id","fecha_emision") WHERE status in ('FIRMADA', 'RECIBIDA', 'EN_PROCESO') and delayed_at is null;--> statement-breakpoint
ALTER TABLE "received_document" ADD CONSTRAINT "received_document_sri_estado_check" CHECK (sri_estado in ('AUTORIZADO', 'NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO'));--> statement-breakpoint
-- DESIGN.md §10: a document fetched by access key (one by one, or from the portal's TXT listing) holds
-- the XML the SRI authorisation service returned, so it is confirmed; an XML upload is not until the
-- SRI returns its key authorised with the same signed document.
UPDATE "received_document" SET "confirmed" = true, "sri_estado" = 'AUTORIZADO', "sri_checked_at" = "created_at" WHERE "source" IN ('clave', 'txt');
--> statement-breakpoint
-- Same-day authorisation: comprobantes already waiting since an earlier day are on the dashboard as
-- stuck; they are not mailed about now, only those of today on.
UPDATE "comprobante" SET "delayed_at" = now() WHERE "status" IN ('FIRMADA', 'RECIBIDA', 'EN_PROCESO') AND "fecha_emision" < (now() AT TIME ZONE 'America/Guayaquil')::date;
