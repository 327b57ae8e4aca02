/** Small building blocks shared by the auth pages: a card, a labelled input, an alert. */
import type { ReactNode } from 'react';
import { Alert, Card, Field, Heading, Input, Stack, type InputProps } from '@chakra-ui/react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">{title}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function TextField({ label, error, helper, required, ...input }: InputProps & { label: string; error?: string; helper?: string }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...input} />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function Message({ status, children }: { status: 'error' | 'success' | 'warning' | 'info'; children: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

/** `details` of an API error as `{path: message}`. */
export function fieldErrors(err: unknown): Record<string, string> {
  const details = (err && typeof err === 'object' && 'details' in err ? (err as { details?: Array<{ path: string; message: string }> }).details : undefined) ?? [];
  return Object.fromEntries(details.map((d) => [d.path, d.message]));
}
