import type { SandboxAnulacion } from '../db/schema/sri-sandbox.ts';

export type { SandboxAnulacion };

/**
 * What the sandbox SRI remembers: the comprobantes it answered RECIBIDA, by claveAcceso (error 43)
 * and by number (ruc, estab, ptoEmi, codDoc, secuencial: error 45), per ambiente. Methods may return
 * promises so a persistent store can be plugged in (sandbox-db-store.ts). One sandbox serialises its
 * receptions; sandboxes of several nodes sharing a store rely on `save` refusing a taken key.
 */
export interface ReceivedComprobante {
  claveAcceso: string;
  /** `${ruc}|${estab}|${ptoEmi}|${codDoc}|${secuencial}`: see {@link numeroKey}. */
  numero: string;
  /** The comprobante exactly as received (decoded from base64): returned as `comprobante`. */
  xml: string;
  ambiente: '1' | '2';
  receivedAt: Date;
  /** When the first AUTORIZADO answer was given (then every later answer repeats it). */
  authorizedAt?: Date;
  /** An anulación asked in the portal stand-in (sandbox-portal.ts) and how it stands. */
  anulacion?: SandboxAnulacion;
}

type Awaitable<T> = T | Promise<T>;

export interface SandboxStore {
  byClave(claveAcceso: string): Awaitable<ReceivedComprobante | undefined>;
  byNumero(numero: string, ambiente: '1' | '2'): Awaitable<ReceivedComprobante | undefined>;
  /** @returns false when the clave or the number was taken meanwhile (nothing saved). */
  save(comprobante: ReceivedComprobante): Awaitable<boolean>;
  /** Record the authorisation time once; @returns the one recorded (the first call's `at`). */
  markAuthorized(claveAcceso: string, at: Date): Awaitable<Date>;
  /**
   * Set the anulación of a key when its current one is in `from` (null: none yet), as one step so
   * two requests cannot both pass. @returns false when the key is unknown or its anulación moved.
   */
  updateAnulacion(claveAcceso: string, from: ReadonlyArray<SandboxAnulacion['estado'] | null>, next: SandboxAnulacion): Awaitable<boolean>;
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
    byNumero: (numero, ambiente) => byNum.get(`${ambiente}|${numero}`),
    save(comprobante) {
      const numero = `${comprobante.ambiente}|${comprobante.numero}`;
      if (byKey.has(comprobante.claveAcceso) || byNum.has(numero)) return false;
      byKey.set(comprobante.claveAcceso, comprobante);
      byNum.set(numero, comprobante);
      return true;
    },
    markAuthorized(claveAcceso, at) {
      const received = byKey.get(claveAcceso);
      if (received) received.authorizedAt ??= at;
      return received?.authorizedAt ?? at;
    },
    updateAnulacion(claveAcceso, from, next) {
      const received = byKey.get(claveAcceso);
      if (!received || !from.includes(received.anulacion?.estado ?? null)) return false;
      received.anulacion = next;
      return true;
    },
    reset() {
      byKey.clear();
      byNum.clear();
    },
  };
}
