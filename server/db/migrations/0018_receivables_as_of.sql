-- Receivables and payables as of a date (aging reports, estado de cuenta): what a retención a
-- customer issued to us withholds from the factura it is linked to, as one function the trigger
-- and the reports share (before, the rule lived inside balance_apply_received): its docsSustento
-- citing that factura, or its whole importe_total when it has a single docSustento.
CREATE FUNCTION "received_retention_amount"(r "received_document") RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN jsonb_array_length(coalesce(r.detail->'docsSustento', '[]'::jsonb)) <= 1 THEN r.importe_total
    ELSE (
      SELECT coalesce(sum((x->>'valorRetenido')::numeric), 0)
      FROM comprobante f
      CROSS JOIN LATERAL jsonb_array_elements(r.detail->'docsSustento') d
      CROSS JOIN LATERAL jsonb_array_elements(coalesce(d->'retenciones', '[]'::jsonb)) x
      WHERE f.company_id = r.company_id AND f.id = r.related_id
        AND d->>'numDocSustento' = f.estab || f.pto_emi || lpad(f.secuencial::text, 9, '0'))
  END
$$;
--> statement-breakpoint
-- What a retención we issued withholds from each document it cites (docsSustento[].receivedDocument
-- or .purchaseSettlement): the sum of that docSustento's valorRetenido.
CREATE FUNCTION "issued_retention_amounts"(c "comprobante") RETURNS TABLE (kind text, id uuid, amount numeric) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN d->>'purchaseSettlement' IS NOT NULL THEN 'comprobante' ELSE 'received' END,
    coalesce(d->>'purchaseSettlement', d->>'receivedDocument')::uuid,
    sum((SELECT coalesce(sum((x->>'valorRetenido')::numeric), 0) FROM jsonb_array_elements(coalesce(d->'retenciones', '[]'::jsonb)) x))
  FROM jsonb_array_elements(coalesce(c.type_detail->'docsSustento', '[]'::jsonb)) d
  WHERE coalesce(d->>'purchaseSettlement', d->>'receivedDocument') IS NOT NULL
  GROUP BY 1, 2
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "balance_apply_received"(sign integer, r "received_document") RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r.related_id IS NULL OR NOT received_counts(r) THEN
    RETURN;
  END IF;
  IF r.cod_doc = '07' THEN
    UPDATE comprobante SET withheld = withheld + sign * received_retention_amount(r) WHERE company_id = r.company_id AND id = r.related_id;
  ELSIF r.cod_doc = '04' THEN
    UPDATE received_document SET credited = credited + sign * r.importe_total WHERE company_id = r.company_id AND id = r.related_id;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "balance_apply_comprobante"(sign integer, c "comprobante") RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.cod_doc = '04' AND c.related_id IS NOT NULL THEN
    UPDATE comprobante SET credited = credited + sign * c.importe_total WHERE company_id = c.company_id AND id = c.related_id;
  ELSIF c.cod_doc = '07' THEN
    UPDATE comprobante t SET withheld = t.withheld + sign * s.amount
    FROM (SELECT id, amount FROM issued_retention_amounts(c) WHERE kind = 'comprobante' ORDER BY id) s
    WHERE t.company_id = c.company_id AND t.id = s.id;
    UPDATE received_document t SET withheld = t.withheld + sign * s.amount
    FROM (SELECT id, amount FROM issued_retention_amounts(c) WHERE kind = 'received' ORDER BY id) s
    WHERE t.company_id = c.company_id AND t.id = s.id;
  END IF;
END
$$;
