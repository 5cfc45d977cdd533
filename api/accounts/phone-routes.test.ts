import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { phoneCodes } from '../db/schema/index.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';
import { jsonInit } from '../testing/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
const nextIp = () => `192.168.${Math.floor(ipSeq / 200)}.${(ipSeq++ % 200) + 1}`;

/** Fetches a challenge and solves it as the browser widget does. */
async function captchaToken(): Promise<string> {
  const challenge = (await (
    await t.app.request('/api/guest/captcha', { headers: { 'x-forwarded-for': '192.168.250.1' } })
  ).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

const send = (body: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.request(
    '/v2/api/auth/signup/send-phone-verification',
    jsonInit('POST', body, { 'x-forwarded-for': ip, ...headers }),
  );
const verify = (body: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.request('/api/auth/signup/verify-phone', jsonInit('POST', body, { 'x-forwarded-for': ip, ...headers }));
async function outboxCode(phone: string): Promise<string> {
  const res = await t.app.request(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  const { messages } = (await res.json()) as { messages: { code: string }[] };
  return messages[0]!.code;
}

describe('phone verification', () => {
  it('captcha → SMS in the outbox → code → single-use token', async () => {
    const res = await send({ countryCode: '1', phone: '2025550100', captchaToken: await captchaToken() });
    expect(res.status).toBe(200);
    const code = await outboxCode('+12025550100');
    expect(code).toMatch(/^\d{6}$/);
    // In development the answer carries the outbox's code, for the form to show beside its field.
    expect(await res.json()).toEqual({ ok: true, developmentCode: code });
    const ok = await verify({ countryCode: '1', phone: '2025550100', code });
    expect(ok.status).toBe(200);
    const { phoneVerificationToken } = (await ok.json()) as { phoneVerificationToken: string };
    expect(phoneVerificationToken.length).toBeGreaterThan(20);
    expect((await verify({ countryCode: '1', phone: '2025550100', code })).status).toBe(422);
  });

  it('refuses a missing, forged or replayed captcha with the §5 text', async () => {
    const missing = await send({ countryCode: '82', phone: '01000000001', captchaToken: '' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      error: 'captcha_failed',
      error_msg: '검증이 완료되지 않았습니다. 다시 시도하기',
      field: 'captchaToken',
    });
    const english = await send({ countryCode: '82', phone: '01000000001', captchaToken: '' }, undefined, {
      'accept-language': 'en',
    });
    expect(await english.json()).toEqual({
      error: 'captcha_failed',
      error_msg: 'Verification is not complete. Try again',
      field: 'captchaToken',
    });
    expect(
      (
        await send({
          countryCode: '82',
          phone: '01000000001',
          captchaToken: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
        })
      ).status,
    ).toBe(422);
    const token = await captchaToken();
    expect((await send({ countryCode: '82', phone: '01000000002', captchaToken: token })).status).toBe(200);
    expect((await send({ countryCode: '82', phone: '01000000003', captchaToken: token })).status).toBe(422);
  });

  it('20 concurrent sends to one phone give exactly one SMS; the rest hear try again later', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => captchaToken()));
    const answers = await Promise.all(
      tokens.map((captcha) => send({ countryCode: '82', phone: '01055550000', captchaToken: captcha })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(19);
    expect(await refused[0]!.json()).toEqual({ error: 'try_again_later', error_msg: '잠시 후 다시 시도해주세요.' });
    const { messages } = (await (await t.app.request('/api/dev/sms-outbox?phone=%2B821055550000')).json()) as {
      messages: unknown[];
    };
    expect(messages).toHaveLength(1);
    const english = await send(
      { countryCode: '82', phone: '01055550000', captchaToken: await captchaToken() },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(english.status).toBe(429);
    expect(await english.json()).toEqual({ error: 'try_again_later', error_msg: 'try again later' });
  });

  it('writes the SMS in the caller’s language with the brand’s name', async () => {
    expect((await send({ countryCode: '82', phone: '01066660000', captchaToken: await captchaToken() })).status).toBe(
      200,
    );
    const en = await send({ countryCode: '1', phone: '2025550166', captchaToken: await captchaToken() }, undefined, {
      'accept-language': 'en',
    });
    expect(en.status).toBe(200);
    const text = async (phone: string) =>
      (
        (await (await t.app.request(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)).json()) as {
          messages: { text: string }[];
        }
      ).messages[0]!.text;
    expect(await text('+821066660000')).toMatch(/^\[FLX TV\] 인증번호는 \[\d{6}\]입니다\./);
    expect(await text('+12025550166')).toMatch(/^\[FLX TV\] Your verification code is \[\d{6}\]\./);
  });

  it(
    'a brand without the foreigner sign-up refuses a sign-up code (403 feature_unavailable) before the captcha is ' +
      'spent; find codes still work',
    async () => {
      const token = await captchaToken();
      const onion = { 'x-brand': 'onion' };
      for (const body of [
        { countryCode: '1', phone: '2025550177', captchaToken: token },
        { countryCode: '1', phone: '2025550177', captchaToken: token, purpose: 'signup' },
      ]) {
        const res = await send(body, undefined, onion);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error: 'feature_unavailable' });
      }
      expect(
        (
          await send(
            { countryCode: '82', phone: '01000000004', captchaToken: token, purpose: 'find' },
            undefined,
            onion,
          )
        ).status,
      ).toBe(200);
    },
  );

  it('five wrong codes lock the code, even the right one fails afterwards', async () => {
    expect((await send({ countryCode: '82', phone: '01077770000', captchaToken: await captchaToken() })).status).toBe(
      200,
    );
    const code = await outboxCode('+821077770000');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        ((await (await verify({ countryCode: '82', phone: '01077770000', code: wrong })).json()) as { error: string })
          .error,
      );
    expect(answers).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_locked']);
    const right = await verify({ countryCode: '82', phone: '01077770000', code });
    expect(right.status).toBe(422);
    expect(await right.json()).toMatchObject({ error: 'code_locked' });
  });

  it('an expired code is refused', async () => {
    expect((await send({ countryCode: '82', phone: '01088880000', captchaToken: await captchaToken() })).status).toBe(
      200,
    );
    const code = await outboxCode('+821088880000');
    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.phone, '+821088880000'));
    const res = await verify({ countryCode: '82', phone: '01088880000', code });
    expect(await res.json()).toMatchObject({ error: 'code_expired' });
  });

  it('codes are bound to the phone', async () => {
    expect((await send({ countryCode: '82', phone: '01099990000', captchaToken: await captchaToken() })).status).toBe(
      200,
    );
    const code = await outboxCode('01099990000');
    expect((await verify({ countryCode: '82', phone: '01099990001', code })).status).toBe(422);
    expect((await verify({ countryCode: '82', phone: '01099990000', code })).status).toBe(200);
  });

  it.each([
    [{ countryCode: '82', phone: '', code: '123456' }, 'Please enter your phone number.'],
    [{ countryCode: '82', phone: '010-1234', code: '123456' }, 'Please enter your phone number using digits only.'],
    [
      { countryCode: '82', phone: '01012345678', code: '12ab56' },
      'Please enter the verification code using digits only.',
    ],
  ])('refuses %j with 400 and the message', async (body, message) => {
    const res = await verify(body, undefined, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_msg: string }).error_msg).toBe(message);
  });

  it('the outbox does not exist in production', async () => {
    const prod = await openTestApp({ env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    expect((await prod.app.request('/api/dev/sms-outbox?phone=1')).status).toBe(404);
    await prod.close();
  });
});

describe('country list', () => {
  it('serves about 230 countries with phoneCode and countryName in the locale', async () => {
    const { countries } = (await (await t.app.request('/api/guest/countries?locale=en')).json()) as {
      countries: { phoneCode: string; countryName: string }[];
    };
    expect(countries.length).toBeGreaterThan(220);
    expect(countries).toContainEqual(expect.objectContaining({ phoneCode: '82', countryName: 'South Korea' }));
    const ko = (await (await t.app.request('/api/guest/countries')).json()) as {
      countries: { phoneCode: string; countryName: string }[];
    };
    expect(ko.countries).toContainEqual(expect.objectContaining({ phoneCode: '82', countryName: '대한민국' }));
  });
});
