CREATE TABLE "screen_layer" (
	"company_id" uuid NOT NULL,
	"resource" varchar(64) NOT NULL,
	"version" integer NOT NULL,
	"layer" jsonb NOT NULL,
	"created_by" uuid,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_layer_company_id_resource_version_pk" PRIMARY KEY("company_id","resource","version")
);
--> statement-breakpoint
ALTER TABLE "screen_layer" ADD CONSTRAINT "screen_layer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;