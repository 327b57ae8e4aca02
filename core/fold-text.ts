/**
 * Text as search, headers and slugs compare it: accents and other combining marks removed
 * ("Crédito" -> "Credito", "Año" -> "Ano"), case kept; callers lower-case or trim as they need.
 * @example withoutAccents('Notas de crédito') // 'Notas de credito'
 */
export const withoutAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Lower case without accents: the key two texts are compared by ("Días" and "dias" match). */
export const foldText = (text: string): string => withoutAccents(text).toLowerCase();
