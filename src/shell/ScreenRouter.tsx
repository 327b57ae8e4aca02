/**
 * The signed-in screens, built from data: every menu entry with a registered schema mounts its
 * list and form (or its page renderer), and lists that declare `nested` mount the nested schema
 * under each record (a table's catalog). See `routesFromMenu`.
 */
import { Suspense, useMemo } from 'react';
import { Link, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMenu, routesFromMenu, type ScreenRoute } from '../engine/menu.ts';
import { useSchemas } from '../engine/schema-registry.ts';
import { customRenderer } from '../renderers/custom-renderers.ts';
import { lazyPage } from './lazy-page.tsx';

// Lists and forms (react-table, rjsf, ajv) load with the first screen that needs them, drawing a
// spinner meanwhile without a Suspense fallback (lazy-page.tsx: React commits them on arrival).
const ListPage = lazyPage(() => import('../renderers/ListPage.tsx').then((m) => ({ default: m.ListPage })), <Spinner aria-label="Cargando" />);
const FormPage = lazyPage(() => import('../renderers/FormPage.tsx').then((m) => ({ default: m.FormPage })), <Spinner aria-label="Cargando" />);

/** `/admin/table/:table/catalog` + `{table: 'iva'}` -> `/admin/table/iva/catalog`. */
const fillPath = (path: string, params: Record<string, string>) => path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

function useApiParams(names: string[]): Record<string, string> {
  const params = useParams();
  return Object.fromEntries(names.map((n) => [n, params[n] ?? '']));
}

function ListRoute({ route }: { route: ScreenRoute }) {
  const apiParams = useApiParams(route.apiParams);
  const basePath = fillPath(route.basePath, apiParams);
  return <ListPage key={basePath} schemaName={route.schema} basePath={basePath} apiParams={apiParams} title={route.title} />;
}

function FormRoute({ route }: { route: ScreenRoute }) {
  const { id = 'new' } = useParams();
  const apiParams = useApiParams(route.apiParams);
  const basePath = fillPath(route.basePath, apiParams);
  return <FormPage key={`${basePath}/${id}`} schemaName={route.schema} basePath={basePath} id={id} apiParams={apiParams} />;
}

function PageRoute({ route }: { route: ScreenRoute }) {
  const schemas = useSchemas();
  const entry = schemas[route.schema];
  const Page = customRenderer(entry.schema['x-renderer']);
  if (!Page) throw new Error(`El esquema "${route.schema}" pide el renderizador "${String(entry.schema['x-renderer'])}", que no está registrado (registerRenderer)`);
  return <Page entry={entry} basePath={route.path} />;
}

function NotFound() {
  return (
    <Stack gap="3" align="flex-start">
      <Heading as="h2" size="md">
        Página no encontrada
      </Heading>
      <Text>La dirección no corresponde a ninguna pantalla de su menú.</Text>
      <Button asChild size="sm">
        <Link to="/dashboard">Ir al inicio</Link>
      </Button>
    </Stack>
  );
}

const ELEMENT: Record<ScreenRoute['kind'], (r: ScreenRoute) => React.ReactNode> = {
  list: (r) => <ListRoute route={r} />,
  form: (r) => <FormRoute route={r} />,
  custom: (r) => <PageRoute route={r} />,
};

export function ScreenRouter() {
  const { menu, loading } = useMenu();
  const schemas = useSchemas();
  const routes = useMemo<RouteObject[]>(
    () => [
      ...routesFromMenu(menu, schemas).map((r) => ({ path: r.path, element: ELEMENT[r.kind](r) })),
      { path: '*', element: loading ? <Spinner aria-label="Cargando" /> : <NotFound /> },
    ],
    [menu, schemas, loading],
  );
  return <Suspense fallback={<Spinner aria-label="Cargando" />}>{useRoutes(routes)}</Suspense>;
}
