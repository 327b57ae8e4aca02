/**
 * Independent verification of signed comprobantes with xmlsec1 (libxmlsec1 + OpenSSL), the check
 * SRI.md names for the form the SRI accepts. Missing xmlsec1 fails the test instead of skipping it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-xmlsec1-'));
let seq = 0;

const MISSING = 'xmlsec1 no está instalado y las pruebas de firma lo necesitan: apt-get install -y xmlsec1';

/** `xmlsec1 --version`, or throws telling how to install it. */
export function xmlsec1Version(): string {
  const res = spawnSync('xmlsec1', ['--version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) throw new Error(MISSING);
  return res.stdout.trim();
}

/**
 * Runs `xmlsec1 --verify --insecure --id-attr:id factura --id-attr:Id SignedProperties
 * --id-attr:Id KeyInfo` (SRI.md) on `xml`. `--insecure`: the test certificates are self-signed.
 * @returns ok = exit status 0; output = what xmlsec1 printed (it reports the references checked).
 */
export function xmlsec1Verify(xml: string, rootName = 'factura'): { ok: boolean; output: string } {
  const file = path.join(dir, `signed-${process.pid}-${seq++}.xml`);
  writeFileSync(file, xml, 'utf8');
  const res = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', rootName, '--id-attr:Id', 'SignedProperties', '--id-attr:Id', 'KeyInfo', file], { encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(MISSING);
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}
