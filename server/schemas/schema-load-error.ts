/** A schema file that cannot be served: start-up stops with its path and the reason. */
export class SchemaLoadError extends Error {
  /** The file (or, for a company's layer, the screen) at fault, and the Spanish reason alone. */
  readonly file: string;
  readonly reason: string;
  constructor(file: string, reason: string) {
    super(`Esquema inválido en ${file}: ${reason}`);
    this.name = 'SchemaLoadError';
    this.file = file;
    this.reason = reason;
  }
}
