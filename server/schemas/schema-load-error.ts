/** A schema file that cannot be served: start-up stops with its path and the reason. */
export class SchemaLoadError extends Error {
  constructor(file: string, reason: string) {
    super(`Esquema inválido en ${file}: ${reason}`);
    this.name = 'SchemaLoadError';
  }
}
