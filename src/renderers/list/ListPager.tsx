/** "1–20 de 57", page size and previous/next page. */
import { Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZES } from '../../engine/useListController.ts';

export function ListPager(p: { page: number; perPage: number; total: number; onPage: (page: number) => void; onPerPage: (perPage: number) => void }) {
  const pages = Math.max(1, Math.ceil(p.total / p.perPage));
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="2">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="list-range">
        {p.total === 0 ? '0 registros' : `${(p.page - 1) * p.perPage + 1}–${Math.min(p.page * p.perPage, p.total)} de ${p.total}`}
      </Text>
      <HStack gap="1">
        <NativeSelect.Root size="xs" width="96px">
          <NativeSelect.Field aria-label="Registros por página" value={String(p.perPage)} onChange={(e) => p.onPerPage(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n} / pág.
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton size="xs" variant="outline" aria-label="Página anterior" disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)}>
          <LuChevronLeft />
        </IconButton>
        <Text fontSize="sm" px="2">
          Página {p.page} de {pages}
        </Text>
        <IconButton size="xs" variant="outline" aria-label="Página siguiente" disabled={p.page >= pages} onClick={() => p.onPage(p.page + 1)}>
          <LuChevronRight />
        </IconButton>
      </HStack>
    </Flex>
  );
}
