import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { createTestApp, newRuc, type TestApp } from '../helpers/test-app.ts';
import { createMailer } from '../../server/mail/mailer.ts';

const received: Array<{ to: string; subject: string; text: string }> = [];
let smtp: SMTPServer;
let port = 0;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream).then((m) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: m.subject ?? '', text: m.text ?? '' });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent' }) });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail through a real SMTP peer', () => {
  it('delivers the activation mail with a working link', async () => {
    const email = `smtp${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { company: { ruc: await newRuc(), razonSocial: 'Empresa SMTP', email, dirMatriz: 'Quito' }, user: { firstName: 'Sara', lastName: 'Mena', email, password: 'Clave1234!' } },
    });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0].to).toBe(email);
    expect(received[0].subject).toBe('Active su cuenta de Emite');
    const token = /#\/auth\/activate\/([A-Za-z0-9_-]+)/.exec(received[0].text)![1];
    expect((await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: {} })).statusCode).toBe(200);
  });

  it('keeps the registration when the SMTP server refuses, so the link can be sent again', async () => {
    const down = await createTestApp({ mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: '/nonexistent' }) });
    try {
      const email = `down${Date.now()}@example.com`;
      const res = await down.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { company: { ruc: await newRuc(), razonSocial: 'Empresa sin correo', email, dirMatriz: 'Quito' }, user: { firstName: 'Sara', lastName: 'Mena', email, password: 'Clave1234!' } },
      });
      expect(res.statusCode).toBe(201);
      const again = await down.app.inject({ method: 'POST', url: '/auth/resend-activation', payload: { email } });
      expect(again.statusCode).toBe(200);
      const login = await down.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
      expect(login.statusCode).toBe(403); // registered, waiting for activation
    } finally {
      await down.close();
    }
  });
});
