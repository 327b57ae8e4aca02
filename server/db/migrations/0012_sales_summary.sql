CREATE TABLE "sales_day" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"documents" bigint NOT NULL,
	"facturas" bigint NOT NULL,
	"total" numeric NOT NULL,
	"iva" numeric NOT NULL,
	CONSTRAINT "sales_day_company_id_day_estab_pto_emi_pk" PRIMARY KEY("company_id","day","estab","pto_emi")
);
--> statement-breakpoint
CREATE TABLE "sales_day_customer" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"customer_id" uuid NOT NULL,
	"razon_social" text NOT NULL,
	"documents" bigint NOT NULL,
	"facturas" bigint NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "sales_day_customer_company_id_day_estab_pto_emi_customer_id_razon_social_pk" PRIMARY KEY("company_id","day","estab","pto_emi","customer_id","razon_social")
);
--> statement-breakpoint
CREATE TABLE "sales_day_product" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"estab" varchar(3) NOT NULL,
	"pto_emi" varchar(3) NOT NULL,
	"product" text NOT NULL,
	"descripcion" text NOT NULL,
	"lines" bigint NOT NULL,
	"total" numeric NOT NULL,
	"quantity" numeric NOT NULL,
	CONSTRAINT "sales_day_product_company_id_day_estab_pto_emi_product_descripcion_pk" PRIMARY KEY("company_id","day","estab","pto_emi","product","descripcion")
);
--> statement-breakpoint
ALTER TABLE "sales_day" ADD CONSTRAINT "sales_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_day_customer" ADD CONSTRAINT "sales_day_customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_day_product" ADD CONSTRAINT "sales_day_product_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's daily sales (server/db/schema/sales-summary.ts), kept by the database in the same
-- transaction as every change of a comprobante. `sign` 1 adds the AUTORIZADA comprobantes in `docs`,
-- -1 takes them away (only UPDATEs there: a company being deleted has already lost its rows, and
-- must not get new ones). Net money as the dashboard counts sales: 01 and 05 add, 04 subtracts,
-- other types count 0 (but still count as AUTORIZADA documents). Rows are written in key order, so
-- two comprobantes authorised at once lock the shared rows in the same order (no deadlock).
CREATE FUNCTION "sales_summary_apply"(sign integer, docs "comprobante"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(docs), 0) = 0 THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO sales_day AS t (company_id, day, estab, pto_emi, documents, facturas, total, iva)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, count(*), count(*) FILTER (WHERE c.cod_doc = '01'),
      sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.importe_total WHEN c.cod_doc = '04' THEN -c.importe_total ELSE 0 END),
      sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.total_iva WHEN c.cod_doc = '04' THEN -c.total_iva ELSE 0 END)
    FROM unnest(docs) c
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, estab, pto_emi) DO UPDATE
      SET documents = t.documents + excluded.documents, facturas = t.facturas + excluded.facturas, total = t.total + excluded.total, iva = t.iva + excluded.iva;
    INSERT INTO sales_day_customer AS t (company_id, day, estab, pto_emi, customer_id, razon_social, documents, facturas, total)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, c.customer_id, c.razon_social_comprador, count(*), count(*) FILTER (WHERE c.cod_doc = '01'),
      sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.importe_total WHEN c.cod_doc = '04' THEN -c.importe_total ELSE 0 END)
    FROM unnest(docs) c
    WHERE c.customer_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, day, estab, pto_emi, customer_id, razon_social) DO UPDATE
      SET documents = t.documents + excluded.documents, facturas = t.facturas + excluded.facturas, total = t.total + excluded.total;
    INSERT INTO sales_day_product AS t (company_id, day, estab, pto_emi, product, descripcion, lines, total, quantity)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, d->>'product', coalesce(d->>'descripcion', ''), count(*),
      sum(CASE WHEN c.cod_doc = '04' THEN -(d->>'precioTotalSinImpuesto')::numeric ELSE (d->>'precioTotalSinImpuesto')::numeric END),
      sum(CASE WHEN c.cod_doc = '04' THEN -(d->>'cantidad')::numeric ELSE (d->>'cantidad')::numeric END)
    FROM unnest(docs) c CROSS JOIN LATERAL jsonb_array_elements(c.detalles) d
    WHERE c.cod_doc IN ('01', '04', '05') AND d->>'product' IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, day, estab, pto_emi, product, descripcion) DO UPDATE
      SET lines = t.lines + excluded.lines, total = t.total + excluded.total, quantity = t.quantity + excluded.quantity;
  ELSE
    UPDATE sales_day t SET documents = t.documents - s.documents, facturas = t.facturas - s.facturas, total = t.total - s.total, iva = t.iva - s.iva
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, count(*) AS documents, count(*) FILTER (WHERE c.cod_doc = '01') AS facturas,
        sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.importe_total WHEN c.cod_doc = '04' THEN -c.importe_total ELSE 0 END) AS total,
        sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.total_iva WHEN c.cod_doc = '04' THEN -c.total_iva ELSE 0 END) AS iva
      FROM unnest(docs) c GROUP BY 1, 2, 3, 4
    ) s
    WHERE t.company_id = s.company_id AND t.day = s.day AND t.estab = s.estab AND t.pto_emi = s.pto_emi;
    UPDATE sales_day_customer t SET documents = t.documents - s.documents, facturas = t.facturas - s.facturas, total = t.total - s.total
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, c.customer_id, c.razon_social_comprador AS razon_social, count(*) AS documents,
        count(*) FILTER (WHERE c.cod_doc = '01') AS facturas,
        sum(CASE WHEN c.cod_doc IN ('01', '05') THEN c.importe_total WHEN c.cod_doc = '04' THEN -c.importe_total ELSE 0 END) AS total
      FROM unnest(docs) c WHERE c.customer_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
    ) s
    WHERE t.company_id = s.company_id AND t.day = s.day AND t.estab = s.estab AND t.pto_emi = s.pto_emi AND t.customer_id = s.customer_id AND t.razon_social = s.razon_social;
    UPDATE sales_day_product t SET lines = t.lines - s.lines, total = t.total - s.total, quantity = t.quantity - s.quantity
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, d->>'product' AS product, coalesce(d->>'descripcion', '') AS descripcion, count(*) AS lines,
        sum(CASE WHEN c.cod_doc = '04' THEN -(d->>'precioTotalSinImpuesto')::numeric ELSE (d->>'precioTotalSinImpuesto')::numeric END) AS total,
        sum(CASE WHEN c.cod_doc = '04' THEN -(d->>'cantidad')::numeric ELSE (d->>'cantidad')::numeric END) AS quantity
      FROM unnest(docs) c CROSS JOIN LATERAL jsonb_array_elements(c.detalles) d
      WHERE c.cod_doc IN ('01', '04', '05') AND d->>'product' IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
    ) s
    WHERE t.company_id = s.company_id AND t.day = s.day AND t.estab = s.estab AND t.pto_emi = s.pto_emi AND t.product = s.product AND t.descripcion = s.descripcion;
    DELETE FROM sales_day t USING unnest(docs) c
      WHERE t.company_id = c.company_id AND t.day = c.fecha_emision AND t.estab = c.estab AND t.pto_emi = c.pto_emi AND t.documents <= 0;
    DELETE FROM sales_day_customer t USING unnest(docs) c
      WHERE t.company_id = c.company_id AND t.day = c.fecha_emision AND t.estab = c.estab AND t.pto_emi = c.pto_emi AND t.customer_id = c.customer_id AND t.documents <= 0;
    DELETE FROM sales_day_product t USING unnest(docs) c
      WHERE t.company_id = c.company_id AND t.day = c.fecha_emision AND t.estab = c.estab AND t.pto_emi = c.pto_emi AND t.lines <= 0;
  END IF;
END
$$;
--> statement-breakpoint
-- A draft insert (the usual case) finds no AUTORIZADA row and returns at once; a bulk load of
-- issued comprobantes is summed per statement, not per row.
CREATE FUNCTION "sales_summary_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_summary_apply(1, ARRAY(SELECT ROW(n.*)::comprobante FROM inserted n WHERE n.status = 'AUTORIZADA'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "sales_summary_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'AUTORIZADA' THEN
    PERFORM sales_summary_apply(-1, ARRAY[OLD]);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'AUTORIZADA' THEN
    PERFORM sales_summary_apply(1, ARRAY[NEW]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "comprobante_sales_summary_insert" AFTER INSERT ON "comprobante" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_after_insert();
--> statement-breakpoint
-- Row triggers that fire only when a comprobante enters or leaves AUTORIZADA, or an AUTORIZADA one
-- changes what it counts for (the WHEN runs without calling the function: the issuing path's
-- other transitions and an e-mail sent cost nothing here).
CREATE TRIGGER "comprobante_sales_summary_update" AFTER UPDATE ON "comprobante" FOR EACH ROW
  WHEN ((OLD.status = 'AUTORIZADA' OR NEW.status = 'AUTORIZADA') AND (
    OLD.status IS DISTINCT FROM NEW.status
    OR (OLD.company_id, OLD.fecha_emision, OLD.estab, OLD.pto_emi, OLD.cod_doc, OLD.customer_id, OLD.razon_social_comprador, OLD.importe_total, OLD.total_iva, OLD.detalles)
      IS DISTINCT FROM (NEW.company_id, NEW.fecha_emision, NEW.estab, NEW.pto_emi, NEW.cod_doc, NEW.customer_id, NEW.razon_social_comprador, NEW.importe_total, NEW.total_iva, NEW.detalles)))
  EXECUTE FUNCTION sales_summary_after_change();
--> statement-breakpoint
CREATE TRIGGER "comprobante_sales_summary_delete" AFTER DELETE ON "comprobante" FOR EACH ROW
  WHEN (OLD.status = 'AUTORIZADA')
  EXECUTE FUNCTION sales_summary_after_change();
--> statement-breakpoint
-- What is already AUTORIZADA, one company-month at a time (bounded memory on a large database).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT DISTINCT company_id, date_trunc('month', fecha_emision)::date AS m FROM comprobante WHERE status = 'AUTORIZADA' LOOP
    PERFORM sales_summary_apply(1, ARRAY(
      SELECT c FROM comprobante c
      WHERE c.company_id = r.company_id AND c.status = 'AUTORIZADA' AND c.fecha_emision >= r.m AND c.fecha_emision < (r.m + interval '1 month')::date));
  END LOOP;
END
$$;
