/**
 * The ATS check's problems, errors first, each linking to the document or record to fix (the
 * route the menu mounts for its resource).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { recordPath, useMenu } from '../../engine/menu.ts';

export interface AtsProblem {
  code: string;
  message: string;
  severity: 'error' | 'warning';
  resource?: string;
  _id?: string;
}

/** @example <ProblemList problems={check.problems} /> */
export function ProblemList({ problems }: { problems: AtsProblem[] }) {
  const { menu } = useMenu();
  return (
    <Stack gap="2" data-testid="ats-problems">
      {problems.map((p, i) => {
        const to = p.resource ? recordPath(menu, p.resource, p._id) : null;
        return (
          <Box key={`${p.code}-${p._id ?? i}`} borderLeftWidth="3px" borderColor={p.severity === 'error' ? 'red.500' : 'orange.400'} pl="3" py="1">
            <HStack gap="2" align="flex-start">
              <Badge colorPalette={p.severity === 'error' ? 'red' : 'orange'} flexShrink={0}>
                {p.severity === 'error' ? 'Corregir' : 'Revisar'}
              </Badge>
              <Text fontSize="sm">
                {p.message}
                {to && (
                  <>
                    {' '}
                    <Link asChild colorPalette="blue" fontWeight="semibold">
                      <RouterLink to={to}>{p.resource === 'company' ? 'Abrir Empresa' : 'Abrir documento'}</RouterLink>
                    </Link>
                  </>
                )}
              </Text>
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
}
