/**
 * Text and JSON shape rules every request must meet before any schema or handler sees it
 * (issue 17): PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16 surrogate cannot be
 * stored in jsonb (and is silently replaced by U+FFFD in text columns), so both are refused at the
 * edge with a 400 naming the field. JSON bodies are also bounded in nesting depth and in the size of
 * each top-level object or array (the values that end up in jsonb columns: puntosEmision, detalles,
 * pagos, catalog `data`, record fields).
 */
import type { ErrorDetail } from '../errors.ts';

/** Deepest nesting of objects/arrays below the body (`{a: {b: …}}`: a is level 1). */
export const MAX_JSON_DEPTH = 8;
/** Largest top-level object or array of a body, in characters of its JSON text. */
export const MAX_JSON_FIELD_CHARS = 256 * 1024;
/** Problems reported per request (the first ones found, in document order). */
const MAX_DETAILS = 20;

// With the u flag a well-formed pair is one code point: only a lone half matches \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why `text` cannot be stored, in Spanish, or undefined when it can.
 * @example textProblem('a\u0000b') // 'contiene un carácter nulo (U+0000), que no se admite'
 */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contiene un carácter nulo (U+0000), que no se admite';
  if (LONE_SURROGATE.test(text)) return 'contiene un carácter inválido (medio par suplente UTF-16, p. ej. \\ud800), que no se admite';
  return undefined;
}

/** A key made printable for a path: the characters it was refused for become U+FFFD. */
const printableKey = (key: string) => key.replace(/\u0000/g, '\uFFFD').replace(/\p{Cs}/gu, '\uFFFD');

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * Every problem in one parsed request part (body, query or params), as `{path, message}` with the
 * dotted path the validation errors use (`detalles.0.descripcion`). Stops descending below
 * {@link MAX_JSON_DEPTH}, so a 2,000-level object costs nine steps, not a stack overflow.
 * @param limits false for query and params (flat text): only the text rules apply.
 * @returns [] when the part is acceptable.
 */
export function inputProblems(value: unknown, limits = true): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const add = (path: string, message: string) => {
    if (problems.length < MAX_DETAILS) problems.push({ path, message });
  };
  /** @returns the JSON text length of `node`, approximately (quotes and separators counted). */
  const walk = (node: unknown, path: string, depth: number): number => {
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) add(path, problem);
      return node.length + 2;
    }
    // JSON.parse reads 1e309 as Infinity, which no numeric column or decimal.js amount can hold.
    if (typeof node === 'number' && !Number.isFinite(node)) add(path, 'debe ser un número finito');
    if (node === null || typeof node !== 'object') return String(node).length;
    if (limits && depth > MAX_JSON_DEPTH) {
      add(path, `anida más de ${MAX_JSON_DEPTH} niveles de objetos o listas`);
      return 0;
    }
    let size = 2;
    if (Array.isArray(node)) {
      node.forEach((item, i) => (size += walk(item, join(path, i), depth + 1) + 1));
    } else {
      for (const [key, item] of Object.entries(node)) {
        const keyProblem = textProblem(key);
        if (keyProblem) add(join(path, printableKey(key)), `el nombre del campo ${keyProblem}`);
        size += key.length + 4 + walk(item, join(path, key), depth + 1);
      }
    }
    if (limits && depth === 1 && size > MAX_JSON_FIELD_CHARS) add(path, `mide más de ${MAX_JSON_FIELD_CHARS / 1024} KB, el máximo por campo`);
    return size;
  };
  walk(value, '', 0);
  return problems;
}
