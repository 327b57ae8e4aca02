CREATE TABLE "webhook_certificate_notice" (
	"company_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_certificate_notice_company_id_serial_number_pk" PRIMARY KEY("company_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"event_type" varchar(40) NOT NULL,
	"attempt" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"http_status" integer,
	"response_time_ms" integer NOT NULL,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_delivery_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_encrypted" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoint_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_certificate_notice" ADD CONSTRAINT "webhook_certificate_notice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_company_id_endpoint_id_webhook_endpoint_company_id_id_fk" FOREIGN KEY ("company_id","endpoint_id") REFERENCES "public"."webhook_endpoint"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_delivery_endpoint_at_idx" ON "webhook_delivery" USING btree ("company_id","endpoint_id","at" DESC NULLS FIRST);