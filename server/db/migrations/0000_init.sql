CREATE TABLE "customer" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo_identificacion" varchar(2) NOT NULL,
	"identificacion" varchar(20) NOT NULL,
	"razon_social" text NOT NULL,
	"email" text,
	"direccion" text,
	"telefono" text,
	CONSTRAINT "customer_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "customer_company_identificacion" UNIQUE("company_id","tipo_identificacion","identificacion")
);
--> statement-breakpoint
CREATE TABLE "establishment" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estab" varchar(3) NOT NULL,
	"nombre" text NOT NULL,
	"dir_establecimiento" text NOT NULL,
	"puntos_emision" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "establishment_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "establishment_company_estab" UNIQUE("company_id","estab")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"codigo_principal" varchar(25) NOT NULL,
	"codigo_auxiliar" varchar(25),
	"descripcion" text NOT NULL,
	"precio_unitario" numeric(14, 6) NOT NULL,
	"codigo_porcentaje_iva" varchar(4) NOT NULL,
	CONSTRAINT "product_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "product_company_codigo" UNIQUE("company_id","codigo_principal")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ruc" varchar(13) NOT NULL,
	"razon_social" text NOT NULL,
	"nombre_comercial" text,
	"email" text NOT NULL,
	"dir_matriz" text NOT NULL,
	"telefono" text,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"obligado_contabilidad" boolean DEFAULT false NOT NULL,
	"contribuyente_especial" varchar(13),
	"contribuyente_rimpe" text,
	"agente_retencion" varchar(8),
	"ambiente" varchar(1) DEFAULT '1' NOT NULL,
	"factura_version" varchar(8) DEFAULT '1.1.0' NOT NULL,
	"logo" "bytea",
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_ruc_unique" UNIQUE("ruc")
);
--> statement-breakpoint
CREATE TABLE "company_certificate" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"p12_encrypted" "bytea" NOT NULL,
	"password_encrypted" "bytea" NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_event" (
	"company_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"invoice_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"mensajes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	CONSTRAINT "invoice_event_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"cod_doc" varchar(2) DEFAULT '01' NOT NULL,
	"customer_id" uuid NOT NULL,
	"razon_social_comprador" text NOT NULL,
	"identificacion_comprador" varchar(20) NOT NULL,
	"fecha_emision" date NOT NULL,
	"detalles" jsonb NOT NULL,
	"pagos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"info_adicional" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_sin_impuestos" numeric(14, 2) NOT NULL,
	"total_descuento" numeric(14, 2) NOT NULL,
	"total_con_impuestos" jsonb NOT NULL,
	"total_iva" numeric(14, 2) NOT NULL,
	"propina" numeric(14, 2) DEFAULT '0' NOT NULL,
	"importe_total" numeric(14, 2) NOT NULL,
	"status" varchar(16) DEFAULT 'BORRADOR' NOT NULL,
	"secuencial" integer,
	"clave_acceso" varchar(49),
	"ambiente" varchar(1),
	"numero_autorizacion" varchar(49),
	"fecha_autorizacion" timestamp with time zone,
	"mensajes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signed_xml" text,
	"authorization_xml" text,
	"emailed_at" timestamp with time zone,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "invoice_company_numero" UNIQUE("company_id","estab","pto_emi","cod_doc","secuencial"),
	CONSTRAINT "invoice_company_clave" UNIQUE("company_id","clave_acceso")
);
--> statement-breakpoint
CREATE TABLE "job" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"invoice_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "secuencial_sequence" (
	"company_id" uuid NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"cod_doc" varchar(2) NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "secuencial_sequence_company_id_estab_pto_emi_cod_doc_pk" PRIMARY KEY("company_id","estab","pto_emi","cod_doc")
);
--> statement-breakpoint
CREATE TABLE "catalog_entry" (
	"table_name" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_entry_table_name_code_pk" PRIMARY KEY("table_name","code")
);
--> statement-breakpoint
CREATE TABLE "catalog_table" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_item" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"parent_id" varchar(64),
	"path" text NOT NULL,
	"title" text NOT NULL,
	"type" varchar(8) DEFAULT 'link' NOT NULL,
	"icontype" text,
	"collapse" text,
	"ab" varchar(8),
	"resource" varchar(64),
	"staff_only" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record" (
	"company_id" uuid NOT NULL,
	"resource" varchar(64) NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_company_id_resource_id_pk" PRIMARY KEY("company_id","resource","id")
);
--> statement-breakpoint
CREATE TABLE "auth_token" (
	"company_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_token_company_id_token_hash_pk" PRIMARY KEY("company_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" varchar(32) NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "app_user_company_email" UNIQUE("company_id","email")
);
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment" ADD CONSTRAINT "establishment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certificate" ADD CONSTRAINT "company_certificate_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_event" ADD CONSTRAINT "invoice_event_company_id_invoice_id_invoice_company_id_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoice"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secuencial_sequence" ADD CONSTRAINT "secuencial_sequence_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_entry" ADD CONSTRAINT "catalog_entry_table_name_catalog_table_name_fk" FOREIGN KEY ("table_name") REFERENCES "public"."catalog_table"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "record" ADD CONSTRAINT "record_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_token" ADD CONSTRAINT "auth_token_company_id_user_id_app_user_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."app_user"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_company_razon_idx" ON "customer" USING btree ("company_id",lower("razon_social"));--> statement-breakpoint
CREATE INDEX "product_company_descripcion_idx" ON "product" USING btree ("company_id",lower("descripcion"));--> statement-breakpoint
CREATE INDEX "invoice_event_invoice_idx" ON "invoice_event" USING btree ("company_id","invoice_id","at");--> statement-breakpoint
CREATE INDEX "invoice_company_fecha_idx" ON "invoice" USING btree ("company_id","fecha_emision" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_company_status_fecha_idx" ON "invoice" USING btree ("company_id","status","fecha_emision" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_company_customer_idx" ON "invoice" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "invoice_company_created_idx" ON "invoice" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "record_company_resource_created_idx" ON "record" USING btree ("company_id","resource","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_token_hash_idx" ON "auth_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "app_user_email_idx" ON "app_user" USING btree ("email");