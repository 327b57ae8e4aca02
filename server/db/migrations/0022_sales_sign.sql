-- Issue 29: how a comprobante counts in the company's sales is the registry's (core/comprobante-types.ts
-- `salesSign`), not a codDoc list in this function. `comprobante_sales_sign` is rewritten from the
-- registry at every start (server/db/seed/sales-sign.ts); this first version says what the six types
-- said here until now (01 and 05 add, 04 subtracts, the rest count 0), so the sums already kept are
-- unchanged. An IMMUTABLE SQL function of one CASE: the planner inlines it.
CREATE OR REPLACE FUNCTION "comprobante_sales_sign"(cod_doc text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE cod_doc WHEN '01' THEN 1 WHEN '04' THEN -1 WHEN '05' THEN 1 ELSE 0 END $$;
--> statement-breakpoint
-- The dashboard's daily sums (0012) with the sign read from comprobante_sales_sign. Unchanged otherwise.
CREATE OR REPLACE FUNCTION "sales_summary_apply"(sign integer, docs "comprobante"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(docs), 0) = 0 THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO sales_day AS t (company_id, day, estab, pto_emi, documents, facturas, total, iva)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, count(*), count(*) FILTER (WHERE c.cod_doc = '01'),
      sum(comprobante_sales_sign(c.cod_doc) * c.importe_total),
      sum(comprobante_sales_sign(c.cod_doc) * c.total_iva)
    FROM unnest(docs) c
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, estab, pto_emi) DO UPDATE
      SET documents = t.documents + excluded.documents, facturas = t.facturas + excluded.facturas, total = t.total + excluded.total, iva = t.iva + excluded.iva;
    INSERT INTO sales_day_customer AS t (company_id, day, estab, pto_emi, customer_id, razon_social, documents, facturas, total)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, c.customer_id, c.razon_social_comprador, count(*), count(*) FILTER (WHERE c.cod_doc = '01'),
      sum(comprobante_sales_sign(c.cod_doc) * c.importe_total)
    FROM unnest(docs) c
    WHERE c.customer_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, day, estab, pto_emi, customer_id, razon_social) DO UPDATE
      SET documents = t.documents + excluded.documents, facturas = t.facturas + excluded.facturas, total = t.total + excluded.total;
    INSERT INTO sales_day_product AS t (company_id, day, estab, pto_emi, product, descripcion, lines, total, quantity)
    SELECT c.company_id, c.fecha_emision, c.estab, c.pto_emi, d->>'product', coalesce(d->>'descripcion', ''), count(*),
      sum(comprobante_sales_sign(c.cod_doc) * (d->>'precioTotalSinImpuesto')::numeric),
      sum(comprobante_sales_sign(c.cod_doc) * (d->>'cantidad')::numeric)
    FROM unnest(docs) c CROSS JOIN LATERAL jsonb_array_elements(c.detalles) d
    WHERE comprobante_sales_sign(c.cod_doc) <> 0 AND d->>'product' IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, day, estab, pto_emi, product, descripcion) DO UPDATE
      SET lines = t.lines + excluded.lines, total = t.total + excluded.total, quantity = t.quantity + excluded.quantity;
  ELSE
    UPDATE sales_day t SET documents = t.documents - s.documents, facturas = t.facturas - s.facturas, total = t.total - s.total, iva = t.iva - s.iva
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, count(*) AS documents, count(*) FILTER (WHERE c.cod_doc = '01') AS facturas,
        sum(comprobante_sales_sign(c.cod_doc) * c.importe_total) AS total,
        sum(comprobante_sales_sign(c.cod_doc) * c.total_iva) AS iva
      FROM unnest(docs) c GROUP BY 1, 2, 3, 4
    ) s
    WHERE t.company_id = s.company_id AND t.day = s.day AND t.estab = s.estab AND t.pto_emi = s.pto_emi;
    UPDATE sales_day_customer t SET documents = t.documents - s.documents, facturas = t.facturas - s.facturas, total = t.total - s.total
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, c.customer_id, c.razon_social_comprador AS razon_social, count(*) AS documents,
        count(*) FILTER (WHERE c.cod_doc = '01') AS facturas,
        sum(comprobante_sales_sign(c.cod_doc) * c.importe_total) AS total
      FROM unnest(docs) c WHERE c.customer_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
    ) s
    WHERE t.company_id = s.company_id AND t.day = s.day AND t.estab = s.estab AND t.pto_emi = s.pto_emi AND t.customer_id = s.customer_id AND t.razon_social = s.razon_social;
    UPDATE sales_day_product t SET lines = t.lines - s.lines, total = t.total - s.total, quantity = t.quantity - s.quantity
    FROM (
      SELECT c.company_id, c.fecha_emision AS day, c.estab, c.pto_emi, d->>'product' AS product, coalesce(d->>'descripcion', '') AS descripcion, count(*) AS lines,
        sum(comprobante_sales_sign(c.cod_doc) * (d->>'precioTotalSinImpuesto')::numeric) AS total,
        sum(comprobante_sales_sign(c.cod_doc) * (d->>'cantidad')::numeric) AS quantity
      FROM unnest(docs) c CROSS JOIN LATERAL jsonb_array_elements(c.detalles) d
      WHERE comprobante_sales_sign(c.cod_doc) <> 0 AND d->>'product' IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
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
