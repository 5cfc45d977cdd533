import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from '@portone/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../../testing/portone-server.ts';
import { DEV_WEBHOOK_SECRET, DevelopmentGateway } from './development.ts';
import { PortOneGateway } from './portone.ts';
import { webhookHeaders } from './webhook-signature.ts';

interface Delivery {
  headers: Headers;
  body: string;
}

let server: PortOneServer;
let receiver: Server;
const deliveries: Delivery[] = [];
const settings = () => ({
  apiSecret: FAKE_PORTONE.apiSecret,
  storeId: FAKE_PORTONE.storeId,
  apiBase: server.url,
  channelKey: 'channel-key-main',
  channelKeys: {},
  webhookSecret: FAKE_PORTONE.webhookSecret,
});

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      deliveries.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startPortOneServer({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function paidDelivery(): Promise<{ paymentId: string; delivery: Delivery }> {
  const paymentId = `W${Date.now().toString(36)}${deliveries.length}`;
  await server.fake.requestPayment({
    storeId: FAKE_PORTONE.storeId,
    paymentId,
    orderName: 'luv',
    totalAmount: 11_000,
    currency: 'KRW',
    payMethod: 'CARD',
  });
  const delivery = deliveries.findLast((d) => JSON.parse(d.body).type === 'Transaction.Paid')!;
  return { paymentId, delivery };
}

describe('webhooks signed as PortOne signs them (Standard Webhooks)', () => {
  it('the official SDK verifies what the stand-in sends', async () => {
    const { paymentId, delivery } = await paidDelivery();
    expect(delivery.headers.get('webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = await Webhook.verify(
      FAKE_PORTONE.webhookSecret,
      delivery.body,
      Object.fromEntries(delivery.headers),
    );
    expect(verified).toMatchObject({
      type: 'Transaction.Paid',
      timestamp: expect.any(String),
      data: { paymentId, storeId: FAKE_PORTONE.storeId },
    });
    // The secret is base64 after `whsec_`: the prefix is optional, and the raw text is not the key.
    await expect(
      Webhook.verify(
        FAKE_PORTONE.webhookSecret.slice('whsec_'.length),
        delivery.body,
        Object.fromEntries(delivery.headers),
      ),
    ).resolves.toBeTruthy();
  });

  it('the gateway reads a verified notice and looks the payment up, never trusting the body', async () => {
    const gateway = new PortOneGateway(settings());
    const { paymentId, delivery } = await paidDelivery();
    const reading = await gateway.readWebhook(delivery.headers, delivery.body);
    expect(reading).toEqual({
      ok: true,
      notice: {
        webhookId: delivery.headers.get('webhook-id'),
        type: 'Transaction.Paid',
        timestamp: expect.any(String),
        paymentId,
        billingKey: null,
        cancellationId: null,
        storeId: FAKE_PORTONE.storeId,
      },
    });
    // The notice names the payment; what happened is PortOne's answer now, also for an earlier notice.
    expect(await gateway.lookup(paymentId)).toMatchObject({ ok: true, report: { status: 'paid', amountWon: 11_000 } });
    const ready = deliveries.find(
      (d) => JSON.parse(d.body).type === 'Transaction.Ready' && JSON.parse(d.body).data.paymentId === paymentId,
    )!;
    expect(await gateway.readWebhook(ready.headers, ready.body)).toMatchObject({
      ok: true,
      notice: { type: 'Transaction.Ready', paymentId },
    });
  });

  it('refuses a forged signature, a wrong secret, an old or future timestamp and missing headers', async () => {
    const gateway = new PortOneGateway(settings());
    const { delivery } = await paidDelivery();
    const forgedBody = delivery.body.replace('Transaction.Paid', 'Transaction.Cancelled');
    expect(await gateway.readWebhook(delivery.headers, forgedBody)).toEqual({ ok: false, reason: 'bad_signature' });

    const otherSecret = `whsec_${Buffer.from('someone-else-entirely').toString('base64')}`;
    const wrong = new PortOneGateway({ ...settings(), webhookSecret: otherSecret });
    expect(await wrong.readWebhook(delivery.headers, delivery.body)).toEqual({ ok: false, reason: 'bad_signature' });
    // Signed with the secret's text instead of its base64-decoded bytes: the hand-written scheme PortOne never uses.
    const { createHmac } = await import('node:crypto');
    const id = delivery.headers.get('webhook-id')!;
    const ts = delivery.headers.get('webhook-timestamp')!;
    const textKeyed = new Headers(delivery.headers);
    textKeyed.set(
      'webhook-signature',
      `v1,${createHmac('sha256', FAKE_PORTONE.webhookSecret).update(`${id}.${ts}.${delivery.body}`).digest('base64')}`,
    );
    expect(await gateway.readWebhook(textKeyed, delivery.body)).toEqual({ ok: false, reason: 'bad_signature' });

    const nowS = Math.floor(Date.now() / 1000);
    for (const ts of [nowS - 301, nowS + 301]) {
      const stale = new Headers(webhookHeaders(FAKE_PORTONE.webhookSecret, 'msg_stale', ts, delivery.body));
      expect(await gateway.readWebhook(stale, delivery.body)).toEqual({ ok: false, reason: 'stale' });
    }
    const fresh = new Headers(webhookHeaders(FAKE_PORTONE.webhookSecret, 'msg_fresh', nowS - 200, delivery.body));
    expect(await gateway.readWebhook(fresh, delivery.body)).toMatchObject({ ok: true });
    expect(await gateway.readWebhook(new Headers({ 'webhook-id': 'x' }), delivery.body)).toEqual({
      ok: false,
      reason: 'missing_headers',
    });
    const notJson = 'not json';
    expect(
      await gateway.readWebhook(
        new Headers(webhookHeaders(FAKE_PORTONE.webhookSecret, 'msg_x', nowS, notJson)),
        notJson,
      ),
    ).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('a retried delivery keeps its webhook-id, so a replay is recognisable', async () => {
    const gateway = new PortOneGateway(settings());
    const { delivery } = await paidDelivery();
    const id = delivery.headers.get('webhook-id')!;
    const again = await server.fake.resend(id);
    expect(again).toMatchObject({ id, status: 200 });
    const redelivered = deliveries.at(-1)!;
    expect(redelivered.body).toBe(delivery.body);
    const first = await gateway.readWebhook(delivery.headers, delivery.body);
    const second = await gateway.readWebhook(redelivered.headers, redelivered.body);
    expect(first).toMatchObject({ ok: true, notice: { webhookId: id } });
    expect(second).toEqual(first);
  });

  it('the development gateway verifies the same scheme with its own secret', async () => {
    const dev = new DevelopmentGateway();
    const body = JSON.stringify({ type: 'Transaction.Paid', data: { paymentId: 'P1' } });
    const headers = new Headers(webhookHeaders(DEV_WEBHOOK_SECRET, 'msg_dev', Math.floor(Date.now() / 1000), body));
    await expect(Webhook.verify(DEV_WEBHOOK_SECRET, body, Object.fromEntries(headers))).resolves.toMatchObject({
      type: 'Transaction.Paid',
    });
    expect(await dev.readWebhook(headers, body)).toMatchObject({
      ok: true,
      notice: { type: 'Transaction.Paid', paymentId: 'P1' },
    });
    expect(await new PortOneGateway(settings()).readWebhook(headers, body)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });
});
