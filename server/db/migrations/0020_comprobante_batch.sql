CREATE TABLE "comprobante_batch" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"cod_doc" varchar(2) NOT NULL,
	"ids" jsonb NOT NULL,
	"failures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "comprobante_batch_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "comprobante_batch" ADD CONSTRAINT "comprobante_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;