/**
 * Coded domain errors. Domain code throws `new AppError('SECUENCIAL_TAKEN', 'mensaje')`; the one
 * error handler maps `status` to the HTTP answer `{statusCode, error, message, details?}`.
 */
export interface ErrorDetail {
  path: string;
  message: string;
  /** The message without the field's name ("Obligatorio"), for a caller that shows the field beside it; never sent. */
  expected?: string;
}

/**
 * The error of a comprobante that is no longer a draft, or that changed while it was being saved or
 * issued (409). Code says comprobante; the value on the wire stays `INVOICE_LOCKED`, the code that
 * clients of /api/invoice already read (DESIGN.md's contract: extend, never rename).
 */
export const COMPROBANTE_LOCKED = 'INVOICE_LOCKED';

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  TOKEN_INVALID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  MULTIPLE_COMPANIES: 409,
  IN_USE: 409,
  [COMPROBANTE_LOCKED]: 409,
  UNPROCESSABLE: 422,
  SRI_UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: ErrorDetail[];
  /** Extra fields merged into the error body (e.g. `companies` on a 409 login). */
  readonly extra?: Record<string, unknown>;

  constructor(code: string, message: string, opts: { status?: number; details?: ErrorDetail[]; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? STATUS_BY_CODE[code] ?? 400;
    this.details = opts.details;
    this.extra = opts.extra;
  }
}

export const notFound = (what = 'El registro') => new AppError('NOT_FOUND', `${what} no existe`);
