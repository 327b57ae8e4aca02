CREATE TABLE "received_document" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clave_acceso" varchar(49) NOT NULL,
	"cod_doc" varchar(2) NOT NULL,
	"version" varchar(8) NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"secuencial" varchar(9) NOT NULL,
	"fecha_emision" date NOT NULL,
	"fecha_autorizacion" timestamp with time zone,
	"numero_autorizacion" varchar(49),
	"ruc_emisor" varchar(13) NOT NULL,
	"razon_social_emisor" text NOT NULL,
	"identificacion_comprador" varchar(20) NOT NULL,
	"razon_social_comprador" text DEFAULT '' NOT NULL,
	"supplier_id" uuid,
	"total_sin_impuestos" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"importe_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"impuestos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"xml" text NOT NULL,
	"authorization_xml" text,
	"source" varchar(8) NOT NULL,
	"related_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_document_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "received_document_company_clave" UNIQUE("company_id","clave_acceso")
);
--> statement-breakpoint
ALTER TABLE "received_document" ADD CONSTRAINT "received_document_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_document_company_fecha_idx" ON "received_document" USING btree ("company_id","fecha_emision" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "received_document_company_related_idx" ON "received_document" USING btree ("company_id","related_id");--> statement-breakpoint
CREATE INDEX "received_document_company_supplier_idx" ON "received_document" USING btree ("company_id","supplier_id");