CREATE TABLE "sri_sandbox_comprobante" (
	"ambiente" varchar(1) NOT NULL,
	"clave_acceso" varchar(49) NOT NULL,
	"numero" varchar(40) NOT NULL,
	"xml" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"authorized_at" timestamp with time zone,
	CONSTRAINT "sri_sandbox_comprobante_ambiente_clave_acceso_pk" PRIMARY KEY("ambiente","clave_acceso"),
	CONSTRAINT "sri_sandbox_comprobante_numero_key" UNIQUE("ambiente","numero")
);
