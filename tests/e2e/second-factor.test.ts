/**
 * The second factor in Chromium (DESIGN.md §15): enrol from Mi Perfil reading the QR code's secret
 * from the page (the test plays the authenticator app with otpauth), see the recovery codes, sign
 * out, sign in with a code from the app, and once more with a recovery code.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, chooseProfileMenuItem, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { totpCode } from '../../server/domain/account-security/totp.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

async function signOut() {
  await chooseProfileMenuItem(e2e.b.page, 'Cerrar Sesión', /#\/(pages|auth)\/login/);
}

async function password() {
  const { page } = e2e.b;
  await page.goto(`${e2e.srv.url}/#/auth/login`);
  await page.getByLabel('Correo electrónico').fill(DEMO_USER.email);
  await page.getByLabel('Contraseña').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
}

/** A code of a later 30-second step than `used` (the server takes each step's code once). */
async function freshCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const code = totpCode({ secret, now: new Date() });
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe('second factor in Chromium', () => {
  it('enrols from Mi Perfil, signs out, signs in with the code, then with a recovery code', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/pages/user`);
    await page.getByRole('heading', { name: 'Segundo factor' }).waitFor();
    await screenshot(page, 'mfa-01-profile-off');
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();
    await page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'mfa-02-qr');

    // A wrong code first: the error is shown and the QR stays.
    await page.getByLabel('Código de verificación').fill('000000' === totpCode({ secret, now: new Date() }) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Activar', exact: true }).click();
    await page.getByText('El código no es correcto o ya se usó').waitFor();
    const enrolCode = totpCode({ secret, now: new Date() });
    await page.getByLabel('Código de verificación').fill(enrolCode);
    await page.getByRole('button', { name: 'Activar', exact: true }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    const recovery = await codes.allTextContents();
    expect(recovery).toHaveLength(10);
    await screenshot(page, 'mfa-03-recovery-codes');
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.getByText('Activado', { exact: true }).waitFor();
    await screenshot(page, 'mfa-04-profile-on');

    await signOut();
    await password();
    await page.getByLabel('Código de verificación').waitFor();
    await screenshot(page, 'mfa-05-login-code');
    await page.getByLabel('Código de verificación').fill(await freshCode(secret, enrolCode));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
    await page.getByTestId('sidebar-user').waitFor();
    await screenshot(page, 'mfa-06-signed-in');

    await signOut();
    await password();
    // Switching to a recovery code does not submit the empty code form (no browser "fill in this field").
    await page.getByLabel('Código de verificación').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { invalidFields: number };
      w.invalidFields = 0;
      document.addEventListener('invalid', () => w.invalidFields++, true);
    });
    await page.getByRole('button', { name: '¿Perdió el teléfono? Use un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').waitFor();
    expect(await page.evaluate(() => (window as unknown as { invalidFields: number }).invalidFields)).toBe(0);
    await page.getByLabel('Código de recuperación').fill(recovery[0]);
    await screenshot(page, 'mfa-07-login-recovery');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
    expect(errors).toEqual([]);
  });
});
