/**
 * Rules an invoice must meet to be issued that do not depend on storage: pure, decimal arithmetic
 * (decimal.js, never floats), errors as AppError VALIDATION with the field path in `details`.
 */
import Decimal from 'decimal.js';
import { toMoney } from '../../../../core/totals.ts';
import { AppError } from '../../../errors.ts';
import { money } from '../../../../core/display-format.ts';

/** SRI tabla 6: tipoIdentificacionComprador of a consumidor final sale (identificación 9999999999999). */
export const CONSUMIDOR_FINAL = '07';

const invalid = (path: string, message: string) => new AppError('VALIDATION', message, { details: [{ path, message }] });

/**
 * A consumidor final (tipo 07) sale may not exceed `cap` USD (SRI practice; one secondary source
 * says 50: configurable, CONSUMIDOR_FINAL_CAP). Compared as decimals: 50.00 passes a cap of 50.
 * @param importeTotal the invoice total, a decimal string or number (USD).
 * @throws AppError VALIDATION at path `customer` when the sale is over the cap.
 * @example assertConsumidorFinalCap({ tipoIdentificacion: '07', importeTotal: '50.01', cap: 50 }); // throws
 */
export function assertConsumidorFinalCap(p: { tipoIdentificacion: string; importeTotal: string | number; cap: number }): void {
  if (p.tipoIdentificacion !== CONSUMIDOR_FINAL) return;
  if (new Decimal(String(p.importeTotal)).greaterThan(p.cap)) {
    throw invalid('customer', `Una venta a consumidor final no puede superar ${money(p.cap)}; identifique al comprador`);
  }
}

/**
 * The payments (pagos/pago/total, USD) must add up to importeTotal exactly, to the cent, and there
 * must be at least one (the SRI checks the sum; error 52 "diferencias"). Each total is read as a
 * decimal rounded half-up to 2 places (core/totals toMoney), never as a float.
 * @throws AppError VALIDATION at path `pagos` (no payment, a total that is not a number, or a sum
 *   that differs), with both amounts in the message.
 */
export function assertPagosMatchTotal(p: { pagos: Array<{ total?: unknown }>; importeTotal: string | number }): void {
  let pagado = new Decimal(0);
  for (const [i, pago] of p.pagos.entries()) {
    try {
      pagado = pagado.plus(toMoney(String(pago.total)));
    } catch {
      throw invalid(`pagos.${i}.total`, `El total de la forma de pago ${i + 1} no es un número`);
    }
  }
  const total = new Decimal(toMoney(String(p.importeTotal)));
  if (p.pagos.length === 0 || !pagado.equals(total)) {
    throw new AppError('VALIDATION', `Las formas de pago suman ${money(pagado.toFixed(2))} y la factura ${money(total.toFixed(2))}: deben coincidir`, {
      details: [{ path: 'pagos', message: 'la suma de los pagos debe ser igual al total' }],
    });
  }
}
