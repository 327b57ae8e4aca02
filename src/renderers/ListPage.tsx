/**
 * The list screen of any schema: server-side paging, sorting, search and filters kept in the URL
 * (`?q=&sort=&page=`), the previous page shown while the next loads, skeleton and empty states,
 * row click to edit, delete with a confirmation. Columns, filters and the nested list (a table's
 * catalog) come from the schema's list.json; who may create or delete from `accessTo`, and which
 * rows may be deleted from list.json's `deletableWhen` (e.g. only BORRADOR invoices); list.json's
 * `actions` add named toolbar actions (list/list-actions.ts), `bulkActions` row checkboxes and actions on the
 * selected rows ("Emitir seleccionados"); `rowLink` opens another resource's record
 * from a row (a book's row opens its factura) and `xlsx` adds "Exportar Excel".
 * @example <ListPage schemaName="product" basePath="/invoicing/product" title="Productos" />
 * @example <ListPage schemaName="catalog" basePath="/admin/table/forma_pago/catalog" apiParams={{ table: 'forma_pago' }} />
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Box, Button, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { deleteRecord, type Row } from '../engine/resources.ts';
import { useSchema, type SchemaEntry } from '../engine/schema-registry.ts';
import { accessTo } from '../engine/access.ts';
import { useSession } from '../engine/session.ts';
import { useListController } from '../engine/useListController.ts';
import { recordPath, useMenu } from '../engine/menu.ts';
import { useMutation } from '../engine/useMutation.ts';
import { LazyConfirmDialog } from './LazyDialog.tsx';
import { ListFilters } from './list/ListFilters.tsx';
import { ListPager } from './list/ListPager.tsx';
import { ListTable } from './list/ListTable.tsx';
import { ListCards } from './list/ListCards.tsx';
import { PHONE_QUERY, useMediaQuery } from '../engine/useMediaQuery.ts';
import { ListToolbar } from './list/ListToolbar.tsx';
import { ExportCsvButton } from './list/ExportCsvButton.tsx';
import { columnsOf, rowMatches } from './list/list-options.ts';
import { bulkAction, listAction } from './list/list-actions.ts';
import type { RowSelection } from './list/ListTable.tsx';
import { deferred } from '../shell/deferred.tsx';

// Only lists with `"import": true` (products, customers) draw it: its code (dialog, radio group,
// dry-run table) stays off the other lists' first screen (issue 30).
const ImportCsvButton = deferred(() => import('./list/ImportCsvDialog.tsx').then((m) => m.ImportCsvButton));

export interface ListPageProps {
  /** The schema whose records are listed. */
  schemaName: string;
  /** Route of this list; forms open at `<basePath>/new` and `<basePath>/<_id>`. */
  basePath: string;
  /** Values for the schema's `x-api` placeholders (e.g. a catalog's table). */
  apiParams?: Record<string, string>;
  /** Heading when list.json has none (e.g. the menu entry's title). */
  title?: string;
}

export function ListPage(p: ListPageProps) {
  const entry = useSchema(p.schemaName);
  if (!entry) throw new Error(`ListPage necesita un esquema llamado "${p.schemaName}"; no hay ninguno registrado (src/schemas/${p.schemaName}/schema.json)`);
  return <ListScreen {...p} entry={entry} />;
}

const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

function ListScreen({ entry, basePath, apiParams = {}, title }: ListPageProps & { entry: SchemaEntry }) {
  const navigate = useNavigate();
  const access = accessTo(useSession(), entry);
  const list = entry.list;
  const ctl = useListController({ resource: entry.name, apiParams, defaultSort: list.defaultSort, filters: list.filters });
  const { rows, isLoading, isValidating } = ctl;
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const bulk = list.bulkActions;
  const selection = useMemo<RowSelection | undefined>(
    () => (bulk?.length ? { selectable: (row) => bulk.some((b) => rowMatches(b.when, row)), selected, onChange: setSelected } : undefined),
    [bulk, selected],
  );
  // Only rows of the page shown, still selectable (a reload may have issued some), in the list's order.
  const selectedRows = selection ? rows.filter((r) => selected.has(r._id) && selection.selectable(r)) : [];
  const removal = useMutation({
    mutationFn: (row: Row) => deleteRecord({ resource: entry.name, apiParams, id: row._id }),
    success: 'Registro eliminado',
    errorMessage: 'No se pudo eliminar',
  });
  const columns = useMemo(() => columnsOf(entry), [entry]);
  // Below the md breakpoint each row is a card (ListCards), never a table scrolled sideways.
  const phone = useMediaQuery(PHONE_QUERY);
  const Rows = phone ? ListCards : ListTable;
  const nested = list.nested;
  const deletableWhen = list.deletableWhen;
  const create = access.create && !list.readOnly ? () => navigate(`${basePath}/new`) : undefined;
  const canRemove = access.remove && !list.readOnly;
  const { menu } = useMenu();
  const rowLink = list.rowLink;
  const open = (row: Row) => {
    if (!rowLink) return navigate(`${basePath}/${encodeURIComponent(row._id)}`);
    const target = recordPath(menu, String(rowLink.resourceField ? row[rowLink.resourceField] : rowLink.resource), String(row[rowLink.idField ?? '_id']));
    if (target) navigate(target);
  };

  const actions = useCallback(
    (row: Row) => (
      <>
        {nested && (
          <Button asChild size="xs" variant="outline">
            <Link to={`${basePath}/${encodeURIComponent(row._id)}/${nested.schema}`}>{nested.label}</Link>
          </Button>
        )}
        {canRemove && rowMatches(deletableWhen, row) && (
          <IconButton aria-label="Eliminar" size="xs" variant="ghost" colorPalette="red" onClick={() => setToDelete(row)}>
            <LuTrash2 />
          </IconButton>
        )}
      </>
    ),
    [nested, canRemove, deletableWhen, basePath],
  );

  const remove = async () => {
    if (!toDelete) return;
    await removal.mutate(toDelete);
    setToDelete(null);
  };

  const filtered = ctl.filtered;
  // The delete confirmation mounts after the first page's rows are on screen (an effect, not the
  // same render: a chunk asked for while rendering the rows could arrive first), so its code, loaded
  // when idle after that (LazyDialog.tsx), does not compete with the first rows' (issue 30). The
  // toolbar's actions draw as their chunks arrive, as before: drawn later, their buttons moved the
  // list down once it was on screen; their dialogs load on first use.
  const [firstPageIn, setFirstPageIn] = useState(false);
  useEffect(() => {
    if (!isLoading) setFirstPageIn(true);
  }, [isLoading]);
  const heading = list.title ? fill(list.title, apiParams) : (title ?? entry.schema.title ?? entry.name);
  const csvActions = (
    <>
      <ExportCsvButton list={{ resource: entry.name, apiParams, q: ctl.q, sort: ctl.sort, filters: ctl.filters }} />
      {list.xlsx && <ExportCsvButton format="xlsx" list={{ resource: entry.name, apiParams, q: ctl.q, sort: ctl.sort, filters: ctl.filters }} />}
      {list.excelCsv && <ExportCsvButton format="excel-es" list={{ resource: entry.name, apiParams, q: ctl.q, sort: ctl.sort, filters: ctl.filters }} />}
      {list.import && access.create && <ImportCsvButton resource={{ resource: entry.name, apiParams }} title={heading} />}
      {bulk?.map(({ name, when }) => {
        const Action = bulkAction(name);
        return Action ? <Action key={name} entry={entry} rows={selectedRows.filter((row) => rowMatches(when, row))} onDone={() => setSelected(new Set())} /> : null;
      })}
      {list.actions?.map((name) => {
        const Action = listAction(name);
        return Action ? <Action key={name} entry={entry} basePath={basePath} /> : null;
      })}
    </>
  );
  return (
    <Stack gap="4">
      <ListToolbar title={heading} q={ctl.q} onSearch={ctl.setQ} onCreate={create} actions={csvActions} />
      {list.filters?.length ? <ListFilters filters={list.filters} values={ctl.filters} onChange={ctl.setFilters} /> : null}
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg" opacity={isValidating && !isLoading ? 0.7 : 1} transition="opacity .2s" aria-busy={isValidating}>
        <Rows
          card={list.card}
          columns={columns}
          rows={rows}
          sort={ctl.sort}
          loading={isLoading}
          onSort={ctl.setSort}
          onOpen={open}
          actions={nested || canRemove ? actions : undefined}
          selection={selection}
          footer={list.totals && ctl.totals ? { label: list.totals.label, values: Object.fromEntries(list.totals.fields.filter((f) => f in ctl.totals!).map((f) => [f, ctl.totals![f]])) } : undefined}
        />
        {!isLoading && rows.length === 0 && (
          <Stack align="center" py="10" gap="3" data-testid="empty-state">
            <Text color="fg.muted">{filtered ? 'Ningún registro coincide con la búsqueda.' : 'No hay registros todavía.'}</Text>
            {create && !filtered && (
              <Button size="sm" variant="outline" onClick={create}>
                <LuPlus /> Crear el primero
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <ListPager page={ctl.page} perPage={ctl.perPage} total={ctl.total} onPage={ctl.setPage} onPerPage={ctl.setPerPage} />
      {firstPageIn && <LazyConfirmDialog open={Boolean(toDelete)} title="¿Eliminar este registro?" body="Esta acción no se puede deshacer." busy={removal.isPending} onConfirm={remove} onClose={() => setToDelete(null)} />}
    </Stack>
  );
}
