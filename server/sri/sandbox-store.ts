/**
 * What the sandbox SRI remembers: the comprobantes it answered RECIBIDA, by claveAcceso (error 43)
 * and by number (ruc, estab, ptoEmi, codDoc, secuencial: error 45). Methods may return promises so a
 * persistent store can be plugged in; the sandbox serialises receptions, so check-then-save is safe.
 */
export interface ReceivedComprobante {
  claveAcceso: string;
  /** `${ruc}|${estab}|${ptoEmi}|${codDoc}|${secuencial}`: see {@link numeroKey}. */
  numero: string;
  /** The comprobante exactly as received (decoded from base64): returned as `comprobante`. */
  xml: string;
  ambiente: '1' | '2';
  receivedAt: Date;
}

type Awaitable<T> = T | Promise<T>;

export interface SandboxStore {
  byClave(claveAcceso: string): Awaitable<ReceivedComprobante | undefined>;
  byNumero(numero: string): Awaitable<ReceivedComprobante | undefined>;
  save(comprobante: ReceivedComprobante): Awaitable<void>;
  /** Forget everything (tests). */
  reset(): Awaitable<void>;
}

/** The number that must be unique per issuer across keys (SRI error 45, "secuencial registrado"). */
export function numeroKey(p: { ruc: string; estab: string; ptoEmi: string; codDoc: string; secuencial: string }): string {
  return [p.ruc, p.estab, p.ptoEmi, p.codDoc, p.secuencial].join('|');
}

/** An in-memory store: lost on restart (a restarted sandbox answers zero autorizaciones for older keys). */
export function createMemorySandboxStore(): SandboxStore {
  const byKey = new Map<string, ReceivedComprobante>();
  const byNum = new Map<string, ReceivedComprobante>();
  return {
    byClave: (claveAcceso) => byKey.get(claveAcceso),
    byNumero: (numero) => byNum.get(numero),
    save(comprobante) {
      byKey.set(comprobante.claveAcceso, comprobante);
      byNum.set(comprobante.numero, comprobante);
    },
    reset() {
      byKey.clear();
      byNum.clear();
    },
  };
}
