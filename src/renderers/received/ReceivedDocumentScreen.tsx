/**
 * The Recibidos screens (`x-renderer: "received-document"`, Compras > Recibidos): `/new` is the
 * "Agregar" page (clave de acceso, XML, TXT of the SRI portal) and `/<_id>` one document's detail.
 * The list itself is the generic ListPage driven by src/schemas/received-document/list.json.
 * @example <ReceivedDocumentScreen entry={entry} id="new" basePath="/purchases/received-document" />
 */
import type { CustomRendererProps } from '../custom-renderers.ts';
import { AddReceivedDocuments } from './AddReceivedDocuments.tsx';
import { ReceivedDocumentDetail } from './ReceivedDocumentDetail.tsx';

export default function ReceivedDocumentScreen({ id, basePath }: CustomRendererProps) {
  return !id || id === 'new' ? <AddReceivedDocuments basePath={basePath} /> : <ReceivedDocumentDetail id={id} basePath={basePath} />;
}
