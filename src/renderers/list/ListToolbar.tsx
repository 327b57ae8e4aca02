/** A list's heading, search box (Enter searches), extra actions (CSV) and "Nuevo" button. */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Heading, HStack, IconButton, Input } from '@chakra-ui/react';
import { LuPlus, LuSearch } from 'react-icons/lu';

export function ListToolbar(p: { title: string; q: string; onSearch: (q: string) => void; onCreate?: () => void; actions?: ReactNode }) {
  const [search, setSearch] = useState(p.q);
  useEffect(() => setSearch(p.q), [p.q]);
  return (
    <Flex gap="3" wrap="wrap" align="center" justify="space-between">
      <Heading as="h2" size="lg">
        {p.title}
      </Heading>
      <HStack gap="2" flex="1" justify="flex-end" wrap="wrap" minW={{ base: 'full', sm: '280px' }}>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            p.onSearch(search.trim());
          }}
          style={{ flex: '1 1 200px', maxWidth: 360 }}
        >
          <HStack gap="1">
            <Input size="sm" type="search" placeholder="Buscar…" aria-label="Buscar" value={search} onChange={(e) => setSearch(e.target.value)} />
            <IconButton type="submit" size="sm" aria-label="Buscar" variant="outline">
              <LuSearch />
            </IconButton>
          </HStack>
        </form>
        {p.actions}
        {p.onCreate && (
          <Button size="sm" colorPalette="blue" onClick={p.onCreate}>
            <LuPlus /> Nuevo
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
