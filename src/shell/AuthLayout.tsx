/** The public layout: a top bar with the brand and the two auth links; pages below, lazily. */
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { Box, Container, Flex, Heading, HStack, Link, Spinner } from '@chakra-ui/react';

export function AuthLayout() {
  return (
    <Box minH="100vh" bg="gray.50">
      <Flex as="header" bg="blue.700" color="white" px={{ base: 4, md: 8 }} py="3" align="center" justify="space-between" wrap="wrap" gap="2">
        <Heading size="md" asChild>
          <RouterLink to="/auth">Emite</RouterLink>
        </Heading>
        <HStack as="nav" gap="5" fontSize="sm" aria-label="Acceso">
          <Link asChild color="white">
            <RouterLink to="/auth/login">Iniciar sesión</RouterLink>
          </Link>
          <Link asChild color="white">
            <RouterLink to="/auth/register">Registrar Empresa</RouterLink>
          </Link>
        </HStack>
      </Flex>
      <Container maxW="lg" py={{ base: 6, md: 12 }}>
        <Suspense fallback={<Spinner aria-label="Cargando" />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
