-- Receivables and payables (DESIGN.md §12; the rule in core/receivables.ts). The due date of a
-- comprobante or received document: the latest fechaEmision + plazo over its pagos (SRI ficha técnica,
-- factura pagos/pago: plazo a number, unidadTiempo free text: "dias", "meses", "años", "semanas"; any
-- other unit counts as days), else fechaEmision. IMMUTABLE so generated columns can use it: it reads
-- only its arguments (date + interval on a date is calendar arithmetic, no time zone).
CREATE FUNCTION "receivable_due_date"(fecha date, pagos jsonb) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(fecha, max(CASE
      WHEN t.u LIKE 'mes%' THEN (fecha + make_interval(months => t.n))::date
      WHEN t.u LIKE 'ano%' OR t.u LIKE 'anio%' THEN (fecha + make_interval(years => t.n))::date
      WHEN t.u LIKE 'sem%' THEN fecha + 7 * t.n
      ELSE fecha + t.n
    END))
  FROM (
    SELECT CASE WHEN trim(p->>'plazo') ~ '^[0-9]{1,5}$' THEN trim(p->>'plazo')::int ELSE 0 END AS n,
      trim(lower(translate(coalesce(p->>'unidadTiempo', ''), 'ÁÉÍÓÚáéíóúÑñ', 'AEIOUaeiouNn'))) AS u
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(pagos) = 'array' THEN pagos ELSE '[]'::jsonb END) p
  ) t
$$;
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"company_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"payment_id" uuid NOT NULL,
	"action" varchar(8) NOT NULL,
	"comprobante_id" uuid,
	"received_document_id" uuid,
	"fecha" date NOT NULL,
	"forma_pago" varchar(2) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"referencia" text,
	"user_id" uuid,
	"api_key_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payment_event_action" CHECK (action IN ('RECORDED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"comprobante_id" uuid,
	"received_document_id" uuid,
	"fecha" date NOT NULL,
	"forma_pago" varchar(2) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"referencia" text,
	"created_by" uuid,
	"api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payment_one_document" CHECK (num_nonnulls(comprobante_id, received_document_id) = 1),
	CONSTRAINT "payment_valor_positive" CHECK (valor > 0)
);
--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "paid" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "credited" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "withheld" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "saldo" numeric(14, 2) GENERATED ALWAYS AS (greatest(importe_total - credited - withheld - paid, 0)) STORED;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "payment_state" varchar(9) GENERATED ALWAYS AS (CASE WHEN cod_doc NOT IN ('01', '03', '05') OR status <> 'AUTORIZADA' THEN NULL WHEN importe_total - credited - withheld - paid <= 0 THEN 'PAGADA' WHEN paid + withheld > 0 THEN 'PARCIAL' ELSE 'PENDIENTE' END) STORED;--> statement-breakpoint
ALTER TABLE "comprobante" ADD COLUMN "due_date" date GENERATED ALWAYS AS (receivable_due_date(fecha_emision, pagos)) STORED;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "paid" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "credited" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "withheld" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "saldo" numeric(14, 2) GENERATED ALWAYS AS (greatest(importe_total - credited - withheld - paid, 0)) STORED;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "payment_state" varchar(9) GENERATED ALWAYS AS (CASE WHEN cod_doc NOT IN ('01', '05') OR NOT confirmed OR coalesce(sri_estado, '') = 'ANULADO' THEN NULL WHEN importe_total - credited - withheld - paid <= 0 THEN 'PAGADA' WHEN paid + withheld > 0 THEN 'PARCIAL' ELSE 'PENDIENTE' END) STORED;--> statement-breakpoint
ALTER TABLE "received_document" ADD COLUMN "due_date" date GENERATED ALWAYS AS (receivable_due_date(fecha_emision, detail -> 'pagos')) STORED;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_company_id_comprobante_id_comprobante_company_id_id_fk" FOREIGN KEY ("company_id","comprobante_id") REFERENCES "public"."comprobante"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_company_id_received_document_id_received_document_company_id_id_fk" FOREIGN KEY ("company_id","received_document_id") REFERENCES "public"."received_document"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_event_company_payment_idx" ON "payment_event" USING btree ("company_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_event_company_comprobante_idx" ON "payment_event" USING btree ("company_id","comprobante_id","at");--> statement-breakpoint
CREATE INDEX "payment_event_company_received_idx" ON "payment_event" USING btree ("company_id","received_document_id","at");--> statement-breakpoint
CREATE INDEX "payment_company_comprobante_idx" ON "payment" USING btree ("company_id","comprobante_id");--> statement-breakpoint
CREATE INDEX "payment_company_received_idx" ON "payment" USING btree ("company_id","received_document_id");--> statement-breakpoint
CREATE INDEX "payment_company_fecha_idx" ON "payment" USING btree ("company_id","fecha" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "comprobante_company_open_due_idx" ON "comprobante" USING btree ("company_id","cod_doc","due_date","customer_id","saldo") WHERE payment_state IN ('PENDIENTE', 'PARCIAL');--> statement-breakpoint
CREATE INDEX "received_document_company_open_due_idx" ON "received_document" USING btree ("company_id","due_date","supplier_id","saldo") WHERE payment_state IN ('PENDIENTE', 'PARCIAL');
--> statement-breakpoint
-- What a comprobante of ours adds to (sign 1) or takes from (-1) the balances of others while it is
-- AUTORIZADA: a nota de crédito (04) its importe_total to its factura's `credited`; a retención we
-- issued (07), per docSustento, the sum of its retenciones' valorRetenido to the `withheld` of the
-- received document or own liquidación de compra it cites (type_detail.docsSustento[].receivedDocument
-- / purchaseSettlement, written by save-comprobante-retencion-draft.ts).
CREATE FUNCTION "balance_apply_comprobante"(sign integer, c "comprobante") RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.cod_doc = '04' AND c.related_id IS NOT NULL THEN
    UPDATE comprobante SET credited = credited + sign * c.importe_total WHERE company_id = c.company_id AND id = c.related_id;
  ELSIF c.cod_doc = '07' THEN
    UPDATE comprobante t SET withheld = t.withheld + sign * s.amount
    FROM (
      SELECT (d->>'purchaseSettlement')::uuid AS id, sum(r.amount) AS amount
      FROM jsonb_array_elements(coalesce(c.type_detail->'docsSustento', '[]'::jsonb)) d
      CROSS JOIN LATERAL (SELECT coalesce(sum((x->>'valorRetenido')::numeric), 0) AS amount FROM jsonb_array_elements(coalesce(d->'retenciones', '[]'::jsonb)) x) r
      WHERE d->>'purchaseSettlement' IS NOT NULL GROUP BY 1 ORDER BY 1
    ) s
    WHERE t.company_id = c.company_id AND t.id = s.id;
    UPDATE received_document t SET withheld = t.withheld + sign * s.amount
    FROM (
      SELECT (d->>'receivedDocument')::uuid AS id, sum(r.amount) AS amount
      FROM jsonb_array_elements(coalesce(c.type_detail->'docsSustento', '[]'::jsonb)) d
      CROSS JOIN LATERAL (SELECT coalesce(sum((x->>'valorRetenido')::numeric), 0) AS amount FROM jsonb_array_elements(coalesce(d->'retenciones', '[]'::jsonb)) x) r
      WHERE d->>'receivedDocument' IS NOT NULL GROUP BY 1 ORDER BY 1
    ) s
    WHERE t.company_id = c.company_id AND t.id = s.id;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "balance_after_comprobante_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'AUTORIZADA' THEN
    PERFORM balance_apply_comprobante(-1, OLD);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'AUTORIZADA' THEN
    PERFORM balance_apply_comprobante(1, NEW);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only notas de crédito and retenciones entering or leaving AUTORIZADA (or an authorised one whose
-- figures change) call the function; a factura's own changes cost one WHEN test.
CREATE TRIGGER "comprobante_balance_insert" AFTER INSERT ON "comprobante" FOR EACH ROW
  WHEN (NEW.cod_doc IN ('04', '07') AND NEW.status = 'AUTORIZADA')
  EXECUTE FUNCTION balance_after_comprobante_change();
--> statement-breakpoint
CREATE TRIGGER "comprobante_balance_update" AFTER UPDATE ON "comprobante" FOR EACH ROW
  WHEN ((OLD.cod_doc IN ('04', '07') OR NEW.cod_doc IN ('04', '07')) AND (OLD.status = 'AUTORIZADA' OR NEW.status = 'AUTORIZADA') AND (
    OLD.status IS DISTINCT FROM NEW.status
    OR (OLD.cod_doc, OLD.related_id, OLD.importe_total, OLD.type_detail) IS DISTINCT FROM (NEW.cod_doc, NEW.related_id, NEW.importe_total, NEW.type_detail)))
  EXECUTE FUNCTION balance_after_comprobante_change();
--> statement-breakpoint
CREATE TRIGGER "comprobante_balance_delete" AFTER DELETE ON "comprobante" FOR EACH ROW
  WHEN (OLD.cod_doc IN ('04', '07') AND OLD.status = 'AUTORIZADA')
  EXECUTE FUNCTION balance_after_comprobante_change();
--> statement-breakpoint
-- What a received document adds to or takes from others: a retención a customer issued to us (07)
-- to our factura's `withheld` (related_id, set on import by withheld-factura.ts): its docsSustento
-- citing that factura, or its whole importe_total when it has a single docSustento; a supplier's
-- nota de crédito (04) to the received factura it modifies (related_id). Only received documents
-- in the books count (received_counts: confirmed by the SRI and not annulled, DESIGN.md §10).
CREATE FUNCTION "received_counts"(r "received_document") RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT r.confirmed AND r.sri_estado IS DISTINCT FROM 'ANULADO'
$$;
--> statement-breakpoint
CREATE FUNCTION "balance_apply_received"(sign integer, r "received_document") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  amount numeric;
BEGIN
  IF r.related_id IS NULL OR NOT received_counts(r) THEN
    RETURN;
  END IF;
  IF r.cod_doc = '07' THEN
    IF jsonb_array_length(coalesce(r.detail->'docsSustento', '[]'::jsonb)) <= 1 THEN
      amount := r.importe_total;
    ELSE
      SELECT coalesce(sum((x->>'valorRetenido')::numeric), 0) INTO amount
      FROM comprobante f
      CROSS JOIN LATERAL jsonb_array_elements(r.detail->'docsSustento') d
      CROSS JOIN LATERAL jsonb_array_elements(coalesce(d->'retenciones', '[]'::jsonb)) x
      WHERE f.company_id = r.company_id AND f.id = r.related_id
        AND d->>'numDocSustento' = f.estab || f.pto_emi || lpad(f.secuencial::text, 9, '0');
    END IF;
    UPDATE comprobante SET withheld = withheld + sign * amount WHERE company_id = r.company_id AND id = r.related_id;
  ELSIF r.cod_doc = '04' THEN
    UPDATE received_document SET credited = credited + sign * r.importe_total WHERE company_id = r.company_id AND id = r.related_id;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "balance_after_received_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM balance_apply_received(-1, OLD);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM balance_apply_received(1, NEW);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "received_document_balance_insert" AFTER INSERT ON "received_document" FOR EACH ROW
  WHEN (NEW.cod_doc IN ('04', '07') AND NEW.related_id IS NOT NULL)
  EXECUTE FUNCTION balance_after_received_change();
--> statement-breakpoint
-- Any change of a linked 04/07 (row-wide: whatever decides received_counts is covered too); the
-- balance columns it writes on its target never belong to a 04/07 row, so this never recurses.
CREATE TRIGGER "received_document_balance_update" AFTER UPDATE ON "received_document" FOR EACH ROW
  WHEN ((OLD.cod_doc IN ('04', '07') AND OLD.related_id IS NOT NULL) OR (NEW.cod_doc IN ('04', '07') AND NEW.related_id IS NOT NULL))
  EXECUTE FUNCTION balance_after_received_change();
--> statement-breakpoint
CREATE TRIGGER "received_document_balance_delete" AFTER DELETE ON "received_document" FOR EACH ROW
  WHEN (OLD.cod_doc IN ('04', '07') AND OLD.related_id IS NOT NULL)
  EXECUTE FUNCTION balance_after_received_change();
--> statement-breakpoint
-- Payments move `paid` per statement (a bulk import is one UPDATE per table), documents in key
-- order so concurrent statements lock them in the same order. `moves` are the statement's rows as
-- (company_id, comprobante_id, received_document_id, delta), delta = +valor inserted, -valor deleted.
CREATE TYPE "payment_move" AS (company_id uuid, comprobante_id uuid, received_document_id uuid, delta numeric);
--> statement-breakpoint
CREATE FUNCTION "payment_balance_move"(moves "payment_move"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE comprobante t SET paid = t.paid + s.delta
  FROM (SELECT m.company_id, m.comprobante_id AS id, sum(m.delta) AS delta FROM unnest(moves) m WHERE m.comprobante_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2) s
  WHERE t.company_id = s.company_id AND t.id = s.id AND s.delta <> 0;
  UPDATE received_document t SET paid = t.paid + s.delta
  FROM (SELECT m.company_id, m.received_document_id AS id, sum(m.delta) AS delta FROM unnest(moves) m WHERE m.received_document_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2) s
  WHERE t.company_id = s.company_id AND t.id = s.id AND s.delta <> 0;
END
$$;
--> statement-breakpoint
-- One function per event: a plpgsql statement naming a transition table its trigger lacks fails.
CREATE FUNCTION "payment_balance_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payment_balance_move(ARRAY(SELECT ROW(company_id, comprobante_id, received_document_id, valor)::payment_move FROM new_payments));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payment_balance_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payment_balance_move(ARRAY(SELECT ROW(company_id, comprobante_id, received_document_id, -valor)::payment_move FROM old_payments));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payment_balance_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payment_balance_move(ARRAY(
    SELECT ROW(company_id, comprobante_id, received_document_id, -valor)::payment_move FROM old_payments
    UNION ALL
    SELECT ROW(company_id, comprobante_id, received_document_id, valor)::payment_move FROM new_payments));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_balance_insert" AFTER INSERT ON "payment" REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_balance_after_insert();
--> statement-breakpoint
CREATE TRIGGER "payment_balance_delete" AFTER DELETE ON "payment" REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_balance_after_delete();
--> statement-breakpoint
CREATE TRIGGER "payment_balance_update" AFTER UPDATE ON "payment" REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_balance_after_update();
--> statement-breakpoint
-- Backfill what existed before this migration: authorised notas de crédito and retenciones issued,
-- and received retenciones and notas linked to their documents (there are no payments yet).
UPDATE comprobante f SET credited = s.amount
FROM (SELECT company_id, related_id, sum(importe_total) AS amount FROM comprobante WHERE cod_doc = '04' AND status = 'AUTORIZADA' AND related_id IS NOT NULL GROUP BY 1, 2) s
WHERE f.company_id = s.company_id AND f.id = s.related_id;
--> statement-breakpoint
SELECT balance_apply_comprobante(1, c) FROM comprobante c WHERE c.cod_doc = '07' AND c.status = 'AUTORIZADA';
--> statement-breakpoint
SELECT balance_apply_received(1, r) FROM received_document r WHERE r.cod_doc IN ('04', '07') AND r.related_id IS NOT NULL;
