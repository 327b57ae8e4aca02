/**
 * Independent checkers for comprobante tests: xmlsec1 for the XAdES-BES signature, xmllint (the
 * libxml2 command line, not the server's libxml2-wasm) for the XSDs in ../shared/sri/xsd, and the
 * text of a PDF. Both commands come from Debian (xmlsec1, libxml2-utils); .ci/run installs them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { REPO_ROOT } from '../../server/repo-root.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'emite-xml-'));
const tmpFile = (xml: string) => {
  const file = path.join(tmp, `c-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  return file;
};

/** xmlsec1 --verify of an enveloped signature whose comprobante root is `root` (id="comprobante"). */
export function xmlsec1Verify(xml: string, root: string): { ok: boolean; output: string } {
  if (!existsSync('/usr/bin/xmlsec1')) throw new Error('xmlsec1 is missing: apt-get install -y xmlsec1 (the signature test needs an independent verifier)');
  const res = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', root, '--id-attr:Id', 'SignedProperties', '--id-attr:Id', 'KeyInfo', tmpFile(xml)], { encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

/** xmllint --schema of the project's reference XSD copy (../shared/sri/xsd/`xsdFile`). */
export function xmllintValidate(xml: string, xsdFile: string): { ok: boolean; output: string } {
  if (!existsSync('/usr/bin/xmllint')) throw new Error('xmllint is missing: apt-get install -y libxml2-utils');
  const res = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.resolve(REPO_ROOT, '../shared/sri/xsd', xsdFile), tmpFile(xml)], { encoding: 'utf8' });
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` };
}

/** The text of a PDF, whitespace collapsed, and its page count. */
export async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const result = await parser.getText();
  await parser.destroy();
  return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
}
