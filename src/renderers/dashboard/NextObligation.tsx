/**
 * The dashboard's "próxima obligación" (GET /api/dashboard/obligations): the next monthly
 * declaration (104, 103 or ATS) and its due date by the RUC's ninth digit, with the others due
 * soon; links to Contabilidad for those who may open it.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link, Text } from '@chakra-ui/react';
import { useApiData } from '../../engine/useApiData.ts';
import { can, useSession } from '../../engine/session.ts';
import { date } from '../format.ts';

interface Obligation {
  code: 'FORM_104' | 'FORM_103' | 'ATS';
  label: string;
  period: string;
  dueDate: string;
  daysLeft: number;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const month = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
const when = (days: number) => (days === 0 ? 'hoy' : days === 1 ? 'mañana' : `en ${days} días`);

export function NextObligation() {
  const user = useSession();
  const { data } = useApiData<{ obligations: Obligation[] }>({ path: '/api/dashboard/obligations' });
  const [next, ...rest] = data?.obligations ?? [];
  if (!next) return null;
  const sameDay = rest.filter((o) => o.dueDate === next.dueDate);
  const link = can(user, 'report', 'read') ? `/accounting/${next.code === 'ATS' ? 'ats' : 'tax-forms'}?period=${next.period}` : null;
  return (
    <Alert.Root status={next.daysLeft <= 3 ? 'warning' : 'info'} data-testid="next-obligation">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Próxima obligación: {next.label} de {month(next.period)}, vence el {date(next.dueDate)} ({when(next.daysLeft)})
        </Alert.Title>
        <Alert.Description>
          <Text as="span">
            {sameDay.length ? `El mismo día: ${sameDay.map((o) => `${o.label} de ${month(o.period)}`).join('; ')}. ` : ''}
            {rest.filter((o) => o.dueDate !== next.dueDate).map((o) => `${o.label} de ${month(o.period)}: ${date(o.dueDate)}. `)}
            Fechas según el noveno dígito del RUC.{' '}
          </Text>
          {link && (
            <Link asChild fontWeight="semibold">
              <RouterLink to={link}>Preparar en Contabilidad</RouterLink>
            </Link>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
