/**
 * Why a comprobante editor's Emitir waits, as ComprobanteEditorFrame says it ("Para emitir: …"):
 * the editors list their reasons in the order the user fills the form, and Emitir is enabled only
 * when none applies, so the button and the sentence beside it never disagree.
 * @example firstBlocker(!draft.invoice && 'elija la factura que se modifica', paymentGapBlocker(gap)) // 'elija la factura…' | undefined
 */
import { money } from '../format.ts';

/** The first reason given (a non-empty string); undefined when every entry is false, null, undefined or ''. */
export function firstBlocker(...reasons: Array<string | false | null | undefined>): string | undefined {
  return reasons.find((r): r is string => typeof r === 'string' && r !== '');
}

/**
 * The payments' gap said to the user, or undefined when they add up.
 * @param gapCents total minus the sum of the formas de pago, in cents (useSaleLikeEditor's `gap`).
 * @example paymentGapBlocker(300) // 'las formas de pago deben sumar el total (faltan $ 3.00)'
 */
export function paymentGapBlocker(gapCents: number): string | undefined {
  if (gapCents === 0) return undefined;
  return `las formas de pago deben sumar el total (${gapCents > 0 ? 'faltan' : 'sobran'} ${money(Math.abs(gapCents) / 100)})`;
}

/** 'Línea 2: Elija…' -> 'línea 2: Elija…': a message that follows "Para emitir: ". */
export const asReason = (message: string | null | undefined) => (message ? message.charAt(0).toLowerCase() + message.slice(1) : undefined);
