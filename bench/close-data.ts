/**
 * Data for bench/close.ts: one company with a month of documents, issued and received, generated
 * inside the database with generate_series (PostgreSQL or PGlite: the same statements through
 * Drizzle), so no document crosses the wire one by one.
 *
 * Of `docs` documents: half received facturas from 100 suppliers (confirmed, AUTORIZADO), and
 * half issued — facturas to 200 customers (one in five at 0 %, the rest at 15 %) and, for one in
 * ten received facturas, our comprobante de retención on it (renta 312 at 2 %, IVA 30 %). Every
 * document carries an XML that prints as a RIDE (a real factura / retención built by the project's
 * builders, with its own claveAcceso and secuencial written in), so the archive renders what a real
 * month holds. Dates spread over the month.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { buildFacturaXml } from '../server/domain/comprobantes/factura/build-factura-xml.ts';
import { sampleFactura } from '../tests/helpers/factura-sample.ts';
import { buildRetencionXml } from '../tests/helpers/retencion-sample.ts';

export const BENCH_RUC = '1790012345001';
export const SUPPLIER_COUNT = 100;
export const CUSTOMER_COUNT = 200;

export interface CloseBenchCompany {
  companyId: string;
  userId: string;
  /** 'YYYY-MM'. */
  period: string;
  issued: number;
  received: number;
  retenciones: number;
}

/**
 * Creates the company and its month.
 * @param p.docs total documents (issued + received), e.g. 50,000.
 * @param p.period 'YYYY-MM' (28 days of it are used).
 */
export async function seedCloseMonth(db: Db, p: { docs: number; period: string }): Promise<CloseBenchCompany> {
  const received = Math.floor(p.docs / 2);
  const retenciones = Math.floor(received / 10);
  const facturas = p.docs - received - retenciones;
  const first = `${p.period}-01`;
  const facturaXml = buildFacturaXml(sampleFactura({ ruc: BENCH_RUC, fecha: first, lines: 3 }));
  const receivedXml = buildFacturaXml(sampleFactura({ ruc: '0990000000001', fecha: first, lines: 3 }));
  const retencionXml = buildRetencionXml({ rucEmisor: BENCH_RUC, razonSocialEmisor: 'Bench Cierre S.A.', rucSujetoRetenido: '0990000000001', razonSocialSujetoRetenido: 'Proveedor Bench', fechaEmision: first, secuencial: 1, facturaNumero: '002-001-000000001', facturaFecha: first, base: 100, iva: 15 }).xml;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  const one = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Array<Record<string, string>> }).rows[0];

  const company = await one(sql`
    insert into company (ruc, razon_social, email, dir_matriz, status, obligado_contabilidad)
    values (${BENCH_RUC}, 'Bench Cierre S.A.', 'cierre@bench.example', 'Quito', 'ACTIVE', true) returning id`);
  // Purchases without retención take sustento 02 (costo o gasto), as the ATS settings allow.
  await run(sql`update company set extra = '{"reportSettings":{"ats":{"totalVentas":"fisicas","exentasVentas":"baseNoGraIva","anulados":"excluir-sri","codSustentoSinRetencion":"02","air332SinRetencion":false}}}'::jsonb where id = ${company.id}`);
  const companyId = company.id;
  const user = await one(sql`
    insert into app_user (company_id, email, password_hash, first_name, last_name, role, active)
    values (${companyId}, 'contador@bench.example', 'bench-no-login', 'Contador', 'Bench', 'SUPERADMIN', true) returning id`);
  await run(sql`insert into establishment (company_id, estab, nombre, dir_establecimiento, puntos_emision) values (${companyId}, '001', 'Matriz', 'Quito', '[{"ptoEmi":"001"}]'::jsonb)`);
  await run(sql`
    insert into customer (company_id, tipo_identificacion, identificacion, razon_social)
    select ${companyId}, '04', lpad((1700000000 + c)::text, 10, '0') || '001', 'Cliente Bench ' || c from generate_series(1, ${sql.raw(String(CUSTOMER_COUNT))}) c`);

  // Issued facturas: secuencial g, a day of the month, a customer, 15 % or (one in five) 0 %.
  await run(sql`
    insert into comprobante (company_id, establishment_id, estab, pto_emi, cod_doc, customer_id, razon_social_comprador, identificacion_comprador,
      fecha_emision, detalles, pagos, total_con_impuestos, total_sin_impuestos, total_descuento, total_iva, importe_total, status, secuencial,
      clave_acceso, ambiente, numero_autorizacion, fecha_autorizacion, signed_xml, issued_at)
    select ${companyId}, e.id, '001', '001', '01', cu.id, cu.razon_social, cu.identificacion,
      (${first}::date + (g % 28)), '[]'::jsonb, '[{"formaPago":"20","total":"0"}]'::jsonb,
      case when g % 5 = 0 then '[{"codigo":"2","codigoPorcentaje":"0","baseImponible":"100.00","tarifa":"0","valor":"0.00"}]'::jsonb
        else '[{"codigo":"2","codigoPorcentaje":"4","baseImponible":"100.00","tarifa":"15","valor":"15.00"}]'::jsonb end,
      100, 0, case when g % 5 = 0 then 0 else 15 end, case when g % 5 = 0 then 100 else 115 end, 'AUTORIZADA', g,
      k.clave, '1', k.clave, now(),
      regexp_replace(regexp_replace(${facturaXml}, '<claveAcceso>[0-9]+</claveAcceso>', '<claveAcceso>' || k.clave || '</claveAcceso>'), '<secuencial>[0-9]+</secuencial>', '<secuencial>' || lpad(g::text, 9, '0') || '</secuencial>'),
      now()
    from generate_series(1, ${sql.raw(String(facturas))}) g
      cross join lateral (select '01' || to_char(${first}::date + (g % 28), 'DDMMYYYY') || '01' || ${BENCH_RUC} || '1001001' || lpad(g::text, 9, '0') || '123456781' as clave) k0
      cross join lateral (select left(k0.clave || '0000000000', 49) as clave) k
      join establishment e on e.company_id = ${companyId} and e.estab = '001'
      join (select id, razon_social, identificacion, row_number() over (order by identificacion) - 1 as rn from customer where company_id = ${companyId}) cu on cu.rn = g % ${sql.raw(String(CUSTOMER_COUNT))}`);

  // Received facturas from 100 suppliers: 100.00 at 15 % (or 0 % one in five), confirmed.
  await run(sql`
    insert into received_document (company_id, clave_acceso, cod_doc, version, estab, pto_emi, secuencial, fecha_emision, fecha_autorizacion, numero_autorizacion,
      ruc_emisor, razon_social_emisor, identificacion_comprador, razon_social_comprador, total_sin_impuestos, total_iva, importe_total, impuestos, detail, xml,
      source, confirmed, sri_estado)
    select ${companyId}, k.clave, '01', '1.1.0', '002', '001', lpad(g::text, 9, '0'), (${first}::date + (g % 28)), now(), k.clave,
      lpad((990000000 + g % ${sql.raw(String(SUPPLIER_COUNT))})::text, 10, '0') || '001', 'Proveedor Bench ' || (g % ${sql.raw(String(SUPPLIER_COUNT))}), ${BENCH_RUC}, 'Bench Cierre S.A.',
      100, case when g % 5 = 0 then 0 else 15 end, case when g % 5 = 0 then 100 else 115 end,
      case when g % 5 = 0 then '[{"codigo":"2","codigoPorcentaje":"0","tarifa":"0","baseImponible":"100.00","valor":"0.00"}]'::jsonb
        else '[{"codigo":"2","codigoPorcentaje":"4","tarifa":"15","baseImponible":"100.00","valor":"15.00"}]'::jsonb end,
      '{"pagos":[{"formaPago":"20","total":"115.00"}]}'::jsonb,
      regexp_replace(regexp_replace(${receivedXml}, '<claveAcceso>[0-9]+</claveAcceso>', '<claveAcceso>' || k.clave || '</claveAcceso>'), '<secuencial>[0-9]+</secuencial>', '<secuencial>' || lpad(g::text, 9, '0') || '</secuencial>'),
      'clave', true, 'AUTORIZADO'
    from generate_series(1, ${sql.raw(String(received))}) g
      cross join lateral (select left('01' || to_char(${first}::date + (g % 28), 'DDMMYYYY') || '01' || lpad((990000000 + g % ${sql.raw(String(SUPPLIER_COUNT))})::text, 10, '0') || '0011002001' || lpad(g::text, 9, '0') || '12345678' || '0000000000', 49) as clave) k`);

  // Our retención on one received factura in ten: renta 312 at 2 % of 100.00, IVA 30 % of 15.00.
  await run(sql`
    insert into comprobante (company_id, establishment_id, estab, pto_emi, cod_doc, razon_social_comprador, identificacion_comprador, fecha_emision,
      detalles, total_con_impuestos, total_sin_impuestos, total_descuento, total_iva, importe_total, status, secuencial, clave_acceso, ambiente,
      numero_autorizacion, fecha_autorizacion, signed_xml, related_id, type_detail, issued_at)
    select ${companyId}, e.id, '001', '001', '07', rd.razon_social_emisor, rd.ruc_emisor, rd.fecha_emision,
      '[]'::jsonb, '[]'::jsonb, 0, 0, 0, 6.50, 'AUTORIZADA', n, k.clave, '1', k.clave, now(),
      regexp_replace(regexp_replace(${retencionXml}, '<claveAcceso>[0-9]+</claveAcceso>', '<claveAcceso>' || k.clave || '</claveAcceso>'), '<secuencial>[0-9]+</secuencial>', '<secuencial>' || lpad(n::text, 9, '0') || '</secuencial>'),
      rd.id,
      jsonb_build_object('parteRel', 'NO', 'docsSustento', jsonb_build_array(jsonb_build_object(
        'receivedDocument', rd.id, 'codSustento', '01', 'codDocSustento', '01', 'numDocSustento', '002001' || rd.secuencial,
        'retenciones', jsonb_build_array(
          jsonb_build_object('codigo', '1', 'codigoRetencion', '312', 'baseImponible', '100.00', 'porcentajeRetener', '2', 'valorRetenido', '2.00'),
          jsonb_build_object('codigo', '2', 'codigoRetencion', '1', 'baseImponible', '15.00', 'porcentajeRetener', '30', 'valorRetenido', '4.50'))))),
      now()
    from (select id, razon_social_emisor, ruc_emisor, fecha_emision, secuencial, row_number() over (order by secuencial) as n
          from received_document where company_id = ${companyId} and (secuencial::int) % 10 = 1 and (secuencial::int) % 5 <> 0) rd
      cross join lateral (select left('07' || to_char(rd.fecha_emision, 'DDMMYYYY') || '07' || ${BENCH_RUC} || '1001001' || lpad(rd.n::text, 9, '0') || '876543211' || '0000000000', 49) as clave) k
      join establishment e on e.company_id = ${companyId} and e.estab = '001'
    limit ${sql.raw(String(retenciones))}`);
  const counts = await one(sql`
    select (select count(*) from comprobante where company_id = ${companyId} and cod_doc = '01')::int as f,
      (select count(*) from comprobante where company_id = ${companyId} and cod_doc = '07')::int as r,
      (select count(*) from received_document where company_id = ${companyId})::int as rd`);
  await run(sql`analyze`);
  return { companyId, userId: user.id, period: p.period, issued: Number(counts.f) + Number(counts.r), received: Number(counts.rd), retenciones: Number(counts.r) };
}
