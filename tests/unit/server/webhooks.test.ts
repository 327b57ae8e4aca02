import { describe, expect, it } from 'vitest';
import { isPrivateAddress, webhookTargetProblem } from '../../../server/domain/webhooks/check-webhook-target.ts';
import { nextAttemptAt, RETRY_WINDOW_MS } from '../../../server/domain/webhooks/deliver-webhook.ts';
import { signatureHeader, verifySignature } from '../../../server/domain/webhooks/sign-webhook.ts';
import { webhookJobPayloadOf } from '../../../server/domain/webhooks/webhook-jobs.ts';

describe('webhook targets', () => {
  it.each(['127.0.0.1', '10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.1.1.1', 'no-es-ip'])('%s is not public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
  it('refuses other schemes and private literals, and allows anything with the flag', async () => {
    expect(await webhookTargetProblem('ftp://example.com/', { allowPrivate: true })).toMatch(/https?:\/\//);
    expect(await webhookTargetProblem('no es url', { allowPrivate: true })).toMatch(/no es válida/);
    expect(await webhookTargetProblem('http://[fd00::1]/x', { allowPrivate: false })).toMatch(/local o privada/);
    expect(await webhookTargetProblem('http://192.168.0.10:8080/x', { allowPrivate: false })).toMatch(/local o privada/);
    expect(await webhookTargetProblem('http://192.168.0.10:8080/x', { allowPrivate: true })).toBeNull();
    expect(await webhookTargetProblem('https://93.184.215.14/x', { allowPrivate: false })).toBeNull();
  });
});

describe('webhook job payload', () => {
  it('reads what the enqueuers write and refuses anything else', () => {
    const payload = { endpointId: 'e1', event: { id: 'evt_1', type: 'comprobante.authorized', created: 1_700_000_000, data: { _id: 'c1' } } };
    expect(webhookJobPayloadOf(payload)).toEqual(payload);
    expect(webhookJobPayloadOf({ ...payload, event: { ...payload.event, type: 'webhook.test' } }).event.type).toBe('webhook.test');
    expect(() => webhookJobPayloadOf({})).toThrow(/endpointId/);
    expect(() => webhookJobPayloadOf({ ...payload, event: { ...payload.event, type: 'otro.evento' } })).toThrow(/evento/);
    expect(() => webhookJobPayloadOf({ ...payload, event: { ...payload.event, created: '1700000000' } })).toThrow(/evento/);
  });
});

describe('webhook retry schedule', () => {
  it('retries within a minute, backs off, ends exactly 24 h after the event', () => {
    const created = 1_700_000_000;
    let now = new Date(created * 1000);
    const waits: number[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAt({ attempt, createdSec: created, now });
      if (!next) break;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits.slice(0, 5)).toEqual([30_000, 120_000, 480_000, 1_920_000, 7_680_000]);
    expect(now.getTime()).toBe(created * 1000 + RETRY_WINDOW_MS);
    expect(waits.length).toBeLessThan(12);
  });
});

describe('webhook signature', () => {
  it('signs t.body with HMAC-SHA256 and rejects another body, secret or an old timestamp', () => {
    const header = signatureHeader('whsec_x', 1_700_000_000, '{"a":1}');
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_x
    expect(header).toBe('t=1700000000,v1=b3438763ab46d9634b9844c8722818eaf523f803db1327484c6067462a5fd6d1');
    expect(verifySignature({ secret: 'whsec_x', header, rawBody: '{"a":1}', nowSec: 1_700_000_100 })).toBe(true);
    expect(verifySignature({ secret: 'whsec_x', header, rawBody: '{"a":2}', nowSec: 1_700_000_100 })).toBe(false);
    expect(verifySignature({ secret: 'whsec_y', header, rawBody: '{"a":1}', nowSec: 1_700_000_100 })).toBe(false);
    expect(verifySignature({ secret: 'whsec_x', header, rawBody: '{"a":1}', nowSec: 1_700_001_000 })).toBe(false);
  });
});
