/**
 * One uploaded file from a `multipart/form-data` body, read with the Fetch API's own parser
 * (`Response.formData()`, built into Node ≥ 18 through undici), so no multipart dependency is
 * needed for the few small uploads Emite takes (the SRI portal's TXT listing).
 */

/** A file field's name and bytes; `undefined` when the form has no file under that field. */
export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * @param body the raw request body.
 * @param contentType the request's Content-Type (it carries the boundary).
 * @param field the form field holding the file.
 * @throws Error (Spanish) when the body is not readable multipart.
 * @example const file = await readMultipartFile(buffer, request.headers['content-type'], 'file');
 */
export async function readMultipartFile(body: Uint8Array, contentType: string, field: string): Promise<UploadedFile | undefined> {
  let form: FormData;
  try {
    // A copy on its own ArrayBuffer: BodyInit takes no view that could be on a SharedArrayBuffer (uploads are small: TXT_BODY_LIMIT).
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch (err) {
    throw new Error(`El formulario multipart no se puede leer: ${(err as Error).message}`);
  }
  const value = form.get(field);
  if (value === null) return undefined;
  if (typeof value === 'string') return { filename: '', bytes: new TextEncoder().encode(value) };
  return { filename: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}
