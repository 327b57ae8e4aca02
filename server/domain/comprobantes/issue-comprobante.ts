/**
 * Issue a draft of any registered type (DESIGN.md §4–5, §7; SRI ficha técnica offline): in ONE
 * transaction lock the draft, check the shared rules (a draft, the SRI's date window) and the
 * type's (`prepareIssue`), take the next secuencial of (estab, ptoEmi, codDoc) (row lock), compute
 * the 49-digit claveAcceso, build the type's XML, validate it against the type's XSD (compiled
 * once), sign it XAdES-BES, store the signed XML and the key (status FIRMADA + audit row) and
 * enqueue the SRI send. A crash before commit rolls everything back (no gap, no duplicate); after
 * commit the job survives restarts and the same key is reused on every retry.
 * @throws AppError NOT_FOUND (also a comprobante of another type), INVOICE_LOCKED (not a draft),
 *   VALIDATION (the type's rules, date out of the SRI window), UNPROCESSABLE (no certificate,
 *   certificate expired at `now`, XML not valid against the XSD).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { preparedShape, runPrepared, tablesRowMapper, type PreparedShape } from '../../db/prepared-query.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyCertificates, customers, establishments, comprobantes } from '../../db/schema/index-tables.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { buildClaveAcceso, randomCodigoNumerico } from '../../../core/access-key.ts';
import { daysBetween, guayaquilDate } from '../../../core/guayaquil-date.ts';
import { buildSignedComprobante } from './sign-comprobante.ts';
import { credentialsFromRow, signingCredentialsFor } from '../certificates/company-certificate.ts';
import type { SigningCredentials } from './signing-credentials.ts';
import { AppError, notFound, COMPROBANTE_LOCKED } from '../../errors.ts';
import { allocateSecuencial, secuencialFrom } from './allocate-secuencial.ts';
import { transitionComprobante } from './transition-comprobante.ts';
import type { ComprobanteRow } from './comprobante-view.ts';
import type { ComprobanteType } from './comprobante-type.ts';
import { theLabel } from './comprobante-labels.ts';
import { xsdFileFor } from '../../../core/comprobante-types.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { withCustomInfoAdicional } from '../screens/custom-info-adicional.ts';
import { date } from '../../../core/display-format.ts';
import { statusLabel } from '../../../core/comprobante-status.ts';

export interface IssueComprobanteOptions {
  type: ComprobanteType;
  db: Db;
  secretBox: SecretBox;
  companyId: string;
  /** Who issues, for the audit row: a user, or (userId null) an API key. */
  userId: string | null;
  apiKeyId?: string | null;
  /** The draft's id. */
  id: string;
  now: Date;
  /** Most a consumidor final (tipo 07) sale may total, USD (AppConfig.consumidorFinalCap). */
  consumidorFinalCap: number;
  /**
   * The company's schemas (company-schemas.ts `registryFor`): the fields the company added to this
   * type go to the XML's infoAdicional after the draft's own entries.
   */
  schemas: SchemaRegistry & { base?: SchemaRegistry };
  /**
   * The caller sends to the SRI right after the commit (the issue route): the sri_send job is
   * written with this id already claimed by it until `now + leaseMs` (transitionComprobante
   * `claimedUntil`), so that the background worker does not take it in between. The FIRMADA write
   * also counts that send (sri_send_attempts = 1, as sri-jobs.ts recordSendAttempt would right
   * before it): the caller sends without a statement of its own for the count, and a crash between
   * the commit and the send only makes the next send ask authorisation first, as after a lost answer.
   */
  claimSend?: { jobId: string; leaseMs: number };
  /**
   * false: no sri_send job is written; the caller sends it (a batch, in a lote: its own sri_batch
   * job carries the comprobante to the SRI and hands it to a single send when needed). Default true.
   */
  enqueueSend?: boolean;
  /**
   * `db` is already the caller's transaction and issuing runs on it without a savepoint of its own
   * (a batch's chunk: SAVEPOINT and RELEASE are two round trips per document). Before its first
   * write (the secuencial) issuing only reads, so an error thrown before {@link onFirstWrite} was
   * called leaves the transaction as it was; after it, the caller must roll its transaction back.
   */
  inCallerTransaction?: boolean;
  /** Called right before issuing's first write (the secuencial's upsert). */
  onFirstWrite?: () => void;
  /**
   * Where the secuencial comes from instead of its own upsert (a batch's chunk takes its drafts'
   * numbers together, batch/secuencial-gate.ts); called after onFirstWrite.
   */
  takeSecuencial?: (point: { estab: string; ptoEmi: string }) => Promise<number>;
  /**
   * The draft as {@link loadDraftsForIssue} read it (locked) for a batch's chunk: not read again.
   * `null`: not found.
   */
  loaded?: LoadedDraft | null;
  /**
   * Hand the FIRMADA write to the caller instead of writing it (a batch's chunk writes its drafts
   * in one statement, transition-many.ts): the values the transition would set. Needs
   * inCallerTransaction, whose transaction holds the draft's lock until that write. Then
   * issueComprobante returns the draft's row as it was read (status still BORRADOR).
   */
  deferFirmada?: (firmada: FirmadaValues) => void;
}

/** What issuing writes on a draft that becomes FIRMADA (besides the status and its audit row). */
export interface FirmadaValues {
  id: string;
  secuencial: number;
  claveAcceso: string;
  ambiente: string;
  signedXml: string;
  issuedAt: Date;
}

/** The credentials last read per company, with the encrypted bytes they came from, per secret box. */
const byCompany = new WeakMap<SecretBox, Map<string, { p12: Buffer; password: Buffer; credentials: SigningCredentials }>>();
/** Companies remembered per box before the map starts again (each entry holds a parsed key). */
const MAX_REMEMBERED = 1000;

/**
 * credentialsFromRow without its per-issue cost (decrypting the p12 and hashing it for the
 * signing-credentials cache, ≈ 0.2 ms per invoice): the same encrypted bytes in the row give the
 * same credentials (a new upload encrypts with a new IV, so its bytes differ and it is read anew).
 */
function rowCredentials(box: SecretBox, companyId: string, row: typeof companyCertificates.$inferSelect): SigningCredentials {
  let companies = byCompany.get(box);
  if (!companies) byCompany.set(box, (companies = new Map()));
  const hit = companies.get(companyId);
  if (hit && hit.p12.equals(row.p12Encrypted) && hit.password.equals(row.passwordEncrypted)) return hit.credentials;
  const credentials = credentialsFromRow(box, row);
  if (companies.size >= MAX_REMEMBERED) companies.clear();
  companies.set(companyId, { p12: Buffer.from(row.p12Encrypted), password: Buffer.from(row.passwordEncrypted), credentials });
  return credentials;
}

/** SRI error 65: fechaEmision more than 90 days old or in the future is refused. */
const MAX_AGE_DAYS = 90;

/**
 * The company's signing credentials from its certificate row (read with the draft), parsed or
 * taken from the cache; without a row (no certificate, or no draft: then the company's row is read
 * on its own) the errors of signingCredentialsFor.
 * @throws AppError UNPROCESSABLE (no certificate, or expired at `now`).
 */
async function credentialsOf(o: IssueComprobanteOptions, tx: Db, certificate: typeof companyCertificates.$inferSelect | null | undefined): Promise<SigningCredentials> {
  const credentials = certificate ? rowCredentials(o.secretBox, o.companyId, certificate) : await signingCredentialsFor(tx, o.secretBox, { companyId: o.companyId });
  // A signature is only valid while its certificate is: the upload check alone would let a
  // certificate expire while the company keeps issuing with it.
  if (credentials.notAfter.getTime() < o.now.getTime()) {
    throw new AppError('UNPROCESSABLE', `El certificado de firma electrónica expiró el ${date(guayaquilDate(credentials.notAfter))}; suba uno vigente en Empresa > Firma electrónica`);
  }
  return credentials;
}

const readDraft = tablesRowMapper({ row: comprobantes, company: companies, establishment: establishments, customer: customers, certificate: companyCertificates }, ['establishment', 'customer', 'certificate']);
let draftShape: PreparedShape<ReturnType<typeof readDraft> | undefined> | undefined;

/** A comprobante with its company, establishment, customer and the company's certificate: the select both draft loads share. */
function draftWithParts(db: Db) {
  return db
    .select({ row: comprobantes, company: companies, establishment: establishments, customer: customers, certificate: companyCertificates })
    .from(comprobantes)
    .innerJoin(companies, eq(companies.id, comprobantes.companyId))
    .leftJoin(establishments, and(eq(establishments.companyId, comprobantes.companyId), eq(establishments.id, comprobantes.establishmentId)))
    .leftJoin(customers, and(eq(customers.companyId, comprobantes.companyId), eq(customers.id, comprobantes.customerId)))
    .leftJoin(companyCertificates, eq(companyCertificates.companyId, comprobantes.companyId));
}

/**
 * The draft (locked) with its company, establishment, customer and the company's certificate, in
 * one round trip; the statement is built once (db/prepared-query.ts), as issuing runs it per invoice.
 */
function loadDraftShape(db: Db) {
  draftShape ??= preparedShape(
    draftWithParts(db)
      .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), eq(comprobantes.id, sql.placeholder('id')), eq(comprobantes.codDoc, sql.placeholder('codDoc'))))
      .for('update', { of: comprobantes })
      .toSQL(),
    (rows) => (rows[0] ? readDraft(rows[0]) : undefined),
  );
  return draftShape;
}

let draftAndSecuencialShape: PreparedShape<{ draft: ReturnType<typeof readDraft>; nextValue: number } | undefined> | undefined;

/**
 * The draft (locked, as {@link loadDraftShape}) and, in the same statement, the upsert of its
 * emission point's sequence row (allocate-secuencial.ts; the row lock taken after the draft's, as
 * when they are two statements): one round trip instead of two. The draft's select becomes a CTE
 * with positional column names (its tables share names such as id and estab); the upsert reads
 * estab and pto_emi from it, so nothing is taken when there is no such draft. When the draft
 * turns out not to be issuable the caller throws and the transaction rolls the number back.
 * @returns the draft and the sequence's next_value after the upsert (the secuencial is one less);
 *   undefined when there is no such draft.
 */
function loadDraftAndSecuencialShape(db: Db) {
  if (draftAndSecuencialShape) return draftAndSecuencialShape;
  const draft = draftWithParts(db)
    .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), eq(comprobantes.id, sql.placeholder('id')), eq(comprobantes.codDoc, sql.placeholder('codDoc'))))
    .for('update', { of: comprobantes })
    .toSQL();
  const comprobanteKeys = Object.keys(getTableColumns(comprobantes));
  const width = [comprobantes, companies, establishments, customers, companyCertificates].reduce((n, t) => n + Object.keys(getTableColumns(t)).length, 0);
  const names = Array.from({ length: width }, (_, i) => `c${i}`);
  const col = (key: string) => `d.c${comprobanteKeys.indexOf(key)}`;
  const text = `with d(${names.join(', ')}) as (${draft.sql}),
    s as (insert into secuencial_sequence (company_id, estab, pto_emi, cod_doc, next_value)
          select ${col('companyId')}, ${col('estab')}, ${col('ptoEmi')}, ${col('codDoc')}, 2 from d
          on conflict (company_id, estab, pto_emi, cod_doc) do update set next_value = secuencial_sequence.next_value + 1
          returning next_value)
    select d.*, s.next_value from d cross join s`;
  draftAndSecuencialShape = preparedShape({ sql: text, params: draft.params }, (rows) => (rows[0] ? { draft: readDraft(rows[0]), nextValue: Number(rows[0][width]) } : undefined));
  return draftAndSecuencialShape;
}

/** A draft with what issuing reads beside it (its company, establishment, customer, certificate). */
export type LoadedDraft = ReturnType<typeof readDraft>;

let draftsShape: PreparedShape<LoadedDraft[]> | undefined;

/**
 * The drafts `ids` of a company and type (locked, as issueComprobante locks one) in one round trip,
 * for a batch's chunk to pass each as {@link IssueComprobanteOptions.loaded}.
 * @returns the ones found, by id (any status: issueComprobante checks it).
 */
export async function loadDraftsForIssue(tx: Db, p: { companyId: string; codDoc: string; ids: string[] }): Promise<Map<string, LoadedDraft>> {
  draftsShape ??= preparedShape(
    draftWithParts(tx)
      .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), sql`${comprobantes.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(comprobantes.codDoc, sql.placeholder('codDoc'))))
      .for('update', { of: comprobantes })
      .toSQL(),
    (rows) => rows.map(readDraft),
  );
  // A PostgreSQL array literal: uuids need no quoting (both drivers take it as text).
  const found = await runPrepared(tx, draftsShape, { companyId: p.companyId, codDoc: p.codDoc, ids: `{${p.ids.join(',')}}` });
  return new Map(found.map((d) => [d.row.id, d]));
}

export async function issueComprobante(o: IssueComprobanteOptions): Promise<ComprobanteRow> {
  const meta = o.type.meta;
  const the = theLabel(meta);
  const issue = async (tx: Db): Promise<ComprobanteRow> => {
    // One round trip for the draft and its secuencial (loadDraftAndSecuencialShape) when issuing on
    // its own and the company's certificate was parsed before; otherwise the number is taken after
    // the checks, so that a first parse (node-forge, see below) does not hold the sequence row.
    const together = o.loaded === undefined && !o.inCallerTransaction && !o.takeSecuencial && !o.onFirstWrite && byCompany.get(o.secretBox)?.has(o.companyId) === true;
    let nextValue: number | undefined;
    let loaded: LoadedDraft | undefined;
    if (o.loaded !== undefined) loaded = o.loaded ?? undefined;
    else if (together) {
      const found = await runPrepared(tx, loadDraftAndSecuencialShape(tx), { companyId: o.companyId, id: o.id, codDoc: meta.codDoc });
      loaded = found?.draft;
      nextValue = found?.nextValue;
    } else loaded = await runPrepared(tx, loadDraftShape(tx), { companyId: o.companyId, id: o.id, codDoc: meta.codDoc });
    // The certificate is checked first, as it always was (a missing draft of a company without a
    // certificate answers the certificate's error). A cache miss parses it with node-forge here,
    // once per uploaded certificate: the draft's row is locked, the sequence row not yet.
    const credentials = await credentialsOf(o, tx, loaded?.certificate);
    if (!loaded) throw notFound(the.theOne);
    const { row, company, establishment, customer } = loaded;
    if (row.status !== 'BORRADOR') throw new AppError(COMPROBANTE_LOCKED, `${the.theOne} ya fue emitid${the.ending} (estado: ${statusLabel(row.status)})`);

    const today = guayaquilDate(o.now);
    const age = daysBetween(row.fechaEmision, today);
    if (age < 0 || age > MAX_AGE_DAYS) {
      throw new AppError('VALIDATION', `La fecha de emisión debe estar entre hace ${MAX_AGE_DAYS} días y hoy (${date(today)})`, {
        details: [{ path: 'fechaEmision', message: 'fuera del rango que acepta el SRI' }],
      });
    }
    if (!establishment) throw new AppError('VALIDATION', `El establecimiento de ${the.theOne.toLowerCase()} ya no existe`, { details: [{ path: 'establishment', message: 'no existe' }] });
    // The company's own fields (Configuración > Pantallas), for every type in this one place: the
    // type builds its XML from the row's infoAdicional, so they are signed like the rest.
    const infoAdicional = await withCustomInfoAdicional(tx, { registry: o.schemas, companyId: o.companyId, resource: meta.resource, own: row.infoAdicional, extra: row.extra as Record<string, unknown> });
    const prepared = await o.type.prepareIssue({ tx, row: infoAdicional === row.infoAdicional ? row : { ...row, infoAdicional }, company, establishment, customer, now: o.now, consumidorFinalCap: o.consumidorFinalCap });

    o.onFirstWrite?.();
    const secuencial =
      nextValue !== undefined
        ? secuencialFrom(nextValue, row)
        : o.takeSecuencial
          ? await o.takeSecuencial({ estab: row.estab, ptoEmi: row.ptoEmi })
          : await allocateSecuencial(tx, { companyId: o.companyId, estab: row.estab, ptoEmi: row.ptoEmi, codDoc: meta.codDoc });
    const ambiente = company.ambiente as '1' | '2';
    const claveAcceso = buildClaveAcceso({
      fechaEmision: row.fechaEmision,
      codDoc: meta.codDoc,
      ruc: company.ruc,
      ambiente,
      estab: row.estab,
      ptoEmi: row.ptoEmi,
      secuencial,
      codigoNumerico: randomCodigoNumerico(),
      tipoEmision: '1',
    });
    const xml = prepared.buildXml({ claveAcceso, secuencial, ambiente });
    const signed = buildSignedComprobante(xml, xsdFileFor(meta, prepared.version), credentials, o.now);
    if (!signed.valid) {
      throw new AppError('UNPROCESSABLE', `El XML de ${the.theOne.toLowerCase()} no cumple el esquema del SRI: ${signed.errors[0]}`, { details: signed.errors.map((e) => ({ path: 'xml', message: e })) });
    }
    const { signedXml } = signed;
    if (o.deferFirmada) {
      o.deferFirmada({ id: o.id, secuencial, claveAcceso, ambiente, signedXml, issuedAt: o.now });
      return row;
    }

    const issued = await transitionComprobante(tx, {
      companyId: o.companyId,
      comprobanteId: o.id,
      from: 'BORRADOR',
      to: 'FIRMADA',
      userId: o.userId,
      apiKeyId: o.apiKeyId,
      now: o.now,
      mensajes: [],
      set: { secuencial, claveAcceso, ambiente, signedXml, issuedAt: o.now, ...(o.claimSend && o.enqueueSend !== false ? { sriSendAttempts: 1 } : {}) },
      ...(o.enqueueSend === false ? {} : { enqueue: { kind: 'sri_send' as const, runAt: o.now, ...(o.claimSend ? { id: o.claimSend.jobId, claimedUntil: new Date(o.now.getTime() + o.claimSend.leaseMs) } : {}) } }),
    });
    if (!issued) throw new AppError(COMPROBANTE_LOCKED, `${the.theOne} cambió mientras se emitía; vuelva a intentarlo`);
    return issued;
  };
  return o.inCallerTransaction ? issue(o.db) : o.db.transaction(issue);
}
