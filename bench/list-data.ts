/**
 * Data for bench/list.ts: companies, each with one user (SUPERADMIN, active), one establishment,
 * 20 customers and 10 products, and invoices spread evenly over the companies, generated inside
 * PostgreSQL with generate_series (no rows cross the wire).
 *
 * Invoices look like issued ones: one line at 15 % IVA, totals that add up, a fechaEmision spread
 * over the last 24 months, a status mix of 85 % AUTORIZADA, 7 % BORRADOR, 3 % DEVUELTA (with the
 * SRI message 45), 2 % NO_AUTORIZADA, 2 % RECIBIDA and 1 % FIRMADA, and per-company secuenciales.
 * Receivables (issue 26): a quarter are paid cash, the rest on credit at 30, 60 or 90 días (pagos'
 * plazo, so due_date spreads past fechaEmision); of the authorised ones older than 120 days 95 % are
 * paid, of the newer 50 % paid and 15 % half paid, the rest unpaid (PENDIENTE, or VENCIDA past the due
 * date). `paid` is written directly, without payment rows: a list reads only the generated saldo,
 * payment_state and due_date, which follow from it.
 * signed_xml and authorization_xml stay NULL: a list page and the dashboard never read them (they
 * live in TOAST and would only cost disk here).
 *
 * `growInvoices` appends up to a target total, so one run can measure 10,000 and then 1,000,000.
 */
import type pg from 'pg';

/** Customer names; bench/list.ts searches for SEARCH_TERM, which matches one in five. */
const NAMES = ['Ferretería El Tornillo', 'Distribuidora Andina', 'Farmacia San José', 'Comercial Los Ríos', 'Panadería La Espiga'];
export const SEARCH_TERM = 'ferre';
const CUSTOMERS_PER_COMPANY = 20;
const PRODUCTS_PER_COMPANY = 10;

export interface BenchCompany {
  companyId: string;
  userId: string;
  customerId: string;
}

/** Creates `count` companies with their master data. @returns them in creation order. */
export async function seedCompanies(db: pg.Pool, count: number): Promise<BenchCompany[]> {
  await db.query(
    `insert into company (ruc, razon_social, email, dir_matriz, status, obligado_contabilidad)
     select lpad((1000000000 + g)::text, 10, '0') || '001', 'Empresa Bench ' || g, 'bench' || g || '@example.com', 'Quito', 'ACTIVE', g % 2 = 0
     from generate_series(1, $1::int) g`,
    [count],
  );
  await db.query(
    `create table bench_company as
     select row_number() over (order by ruc) - 1 as idx, id as company_id, gen_random_uuid() as user_id, gen_random_uuid() as establishment_id
     from company where ruc like '1%001' and razon_social like 'Empresa Bench %'`,
  );
  await db.query(`create unique index on bench_company (idx)`);
  await db.query(
    `insert into app_user (company_id, id, email, password_hash, first_name, last_name, role, active)
     select company_id, user_id, 'admin' || idx || '@example.com', 'bench-no-login', 'Admin', 'Bench ' || idx, 'SUPERADMIN', true from bench_company`,
  );
  await db.query(
    `insert into establishment (company_id, id, estab, nombre, dir_establecimiento, puntos_emision)
     select company_id, establishment_id, '001', 'Matriz', 'Quito', '[{"ptoEmi":"001"}]'::jsonb from bench_company`,
  );
  await db.query(
    `create table bench_customer as
     select b.idx as company_idx, c as customer_idx, b.company_id, gen_random_uuid() as customer_id,
            ($1::text[])[1 + c % 5] || ' ' || c as razon_social, lpad((1700000000 + c)::text, 10, '0') as identificacion
     from bench_company b, generate_series(0, ${CUSTOMERS_PER_COMPANY - 1}) c`,
    [NAMES],
  );
  await db.query(`create unique index on bench_customer (company_idx, customer_idx)`);
  await db.query(
    `insert into customer (company_id, id, tipo_identificacion, identificacion, razon_social, email)
     select company_id, customer_id, '05', identificacion, razon_social, null from bench_customer`,
  );
  await db.query(
    `create table bench_product as
     select b.idx as company_idx, p as product_idx, b.company_id, gen_random_uuid() as product_id, 'P' || p as codigo, 'Producto ' || p as descripcion, (5 + p * 3)::numeric(14, 6) as precio
     from bench_company b, generate_series(0, ${PRODUCTS_PER_COMPANY - 1}) p`,
  );
  await db.query(`create unique index on bench_product (company_idx, product_idx)`);
  await db.query(
    `insert into product (company_id, id, codigo_principal, descripcion, precio_unitario, codigo_porcentaje_iva)
     select company_id, product_id, codigo, descripcion, precio, '4' from bench_product`,
  );
  const { rows } = await db.query(
    `select b.company_id, b.user_id, c.customer_id from bench_company b join bench_customer c on c.company_idx = b.idx and c.customer_idx = 0 order by b.idx`,
  );
  return rows.map((r) => ({ companyId: r.company_id, userId: r.user_id, customerId: r.customer_id }));
}

/** The companies seedCompanies made in an earlier run (a database kept with `--keep`), in creation order. */
export async function readCompanies(db: pg.Pool): Promise<BenchCompany[]> {
  const { rows } = await db.query(
    `select b.company_id, b.user_id, c.customer_id from bench_company b join bench_customer c on c.company_idx = b.idx and c.customer_idx = 0 order by b.idx`,
  );
  return rows.map((r) => ({ companyId: r.company_id, userId: r.user_id, customerId: r.customer_id }));
}

/** How many invoices the generator has written so far. */
export async function countInvoices(db: pg.Pool): Promise<number> {
  const { rows } = await db.query(`select count(*)::int as n from comprobante`);
  return rows[0].n;
}

/**
 * Appends invoices numbered `from`…`to - 1` (g) to the companies of seedCompanies: invoice g goes
 * to company `firstCompany` + g mod C, so secuencial g div C + 1 is unique per emission point (give
 * each company range its own g range). Then VACUUM ANALYZE.
 * @returns milliseconds taken.
 */
export async function growInvoices(db: pg.Pool, p: { from: number; to: number; companies: number; today: string; firstCompany?: number }): Promise<number> {
  const t0 = performance.now();
  // Chunks keep each statement's memory small and let the bench report progress.
  const chunk = 250_000;
  for (let start = p.from; start < p.to; start += chunk) {
    const end = Math.min(p.to, start + chunk) - 1;
    await db.query(
      `insert into comprobante (company_id, establishment_id, estab, pto_emi, cod_doc, customer_id, razon_social_comprador, identificacion_comprador,
         fecha_emision, detalles, pagos, total_sin_impuestos, total_descuento, total_con_impuestos, total_iva, importe_total, status, secuencial,
         clave_acceso, ambiente, numero_autorizacion, fecha_autorizacion, mensajes, issued_at, created_at, updated_at, paid)
       select b.company_id, b.establishment_id, '001', '001', '01', c.customer_id, c.razon_social, c.identificacion,
         f.fecha, jsonb_build_array(jsonb_build_object('product', pr.product_id, 'codigoPrincipal', pr.codigo, 'descripcion', pr.descripcion,
           'cantidad', q.cantidad::text, 'precioUnitario', pr.precio::text, 'descuento', '0', 'codigoPorcentajeIva', '4', 'tarifa', '15',
           'precioTotalSinImpuesto', t.base::text, 'valorIva', t.iva::text)),
         case when g % 4 = 0 then jsonb_build_array(jsonb_build_object('formaPago', '01', 'total', (t.base + t.iva)::text))
           else jsonb_build_array(jsonb_build_object('formaPago', '20', 'total', (t.base + t.iva)::text, 'plazo', ((g % 4) * 30)::text, 'unidadTiempo', 'dias')) end,
         t.base, 0, jsonb_build_array(jsonb_build_object('codigo', '2', 'codigoPorcentaje', '4', 'baseImponible', t.base::text, 'tarifa', '15', 'valor', t.iva::text)),
         t.iva, t.base + t.iva, s.status,
         case when s.status = 'BORRADOR' then null else (g / $3::int + 1)::int end,
         case when s.status = 'BORRADOR' then null else lpad(g::text, 49, '0') end,
         case when s.status = 'BORRADOR' then null else '1' end,
         case when s.status = 'AUTORIZADA' then lpad(g::text, 49, '0') end,
         case when s.status = 'AUTORIZADA' then f.fecha + time '10:00' end,
         case when s.status = 'DEVUELTA' then '[{"identificador":"45","mensaje":"ERROR SECUENCIAL REGISTRADO","tipo":"ERROR"}]'::jsonb else '[]'::jsonb end,
         case when s.status = 'BORRADOR' then null else f.fecha + time '09:00' end,
         f.fecha + time '08:00', f.fecha + time '08:00',
         case when s.status <> 'AUTORIZADA' then 0
           when f.fecha < $4::date - 120 then case when pay.h < 95 then t.base + t.iva else 0 end
           when pay.h < 50 then t.base + t.iva when pay.h < 65 then round((t.base + t.iva) / 2, 2) else 0 end
       from generate_series($1::int, $2::int) g
       join bench_company b on b.idx = $5::int + g % $3::int
       join bench_customer c on c.company_idx = b.idx and c.customer_idx = (g / $3::int) % ${CUSTOMERS_PER_COMPANY}
       join bench_product pr on pr.company_idx = b.idx and pr.product_idx = (g / 7) % ${PRODUCTS_PER_COMPANY}
       cross join lateral (select ($4::date - ((g::bigint * 48271) % 730)::int) as fecha) f
       cross join lateral (select 1 + (g % 5) as cantidad) q
       cross join lateral (select round(pr.precio * q.cantidad, 2) as base) t0
       cross join lateral (select t0.base, round(t0.base * 0.15, 2) as iva) t
       cross join lateral (select case
           when (g::bigint * 7919) % 100 < 85 then 'AUTORIZADA'
           when (g::bigint * 7919) % 100 < 92 then 'BORRADOR'
           when (g::bigint * 7919) % 100 < 95 then 'DEVUELTA'
           when (g::bigint * 7919) % 100 < 97 then 'NO_AUTORIZADA'
           when (g::bigint * 7919) % 100 < 99 then 'RECIBIDA'
           else 'FIRMADA' end as status) s
       cross join lateral (select (g::bigint * 104729) % 100 as h) pay`,
      [start, end, p.companies, p.today, p.firstCompany ?? 0],
    );
  }
  // VACUUM as autovacuum would soon after a bulk load: sets the visibility map, so counts are
  // index-only scans (the steady state of a live database, not the first minutes after a load).
  await db.query('vacuum analyze comprobante');
  return performance.now() - t0;
}

/** Drops the generator's helper tables (the database itself is dropped by the bench). */
export async function dropHelpers(db: pg.Pool): Promise<void> {
  await db.query('drop table if exists bench_company, bench_customer, bench_product');
}
