/** The development simulators' pages speak the caller's language (locale cookie, else Accept-Language). */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { signIn } from '../testing/requests.ts';

const t = useTestApp();

async function identityPage(headers: Record<string, string>): Promise<string> {
  const { cookie } = await signIn(t.app, 'viewer01');
  const { url } = (await (await t.app.request('/api/personal-auth?type=personal', { headers: { cookie } })).json()) as {
    url: string;
  };
  const page = await t.app.request(url, { headers });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  return page.text();
}

describe('simulator pages in ko and en', () => {
  it('the identity simulator: Korean by the locale cookie, English by Accept-Language, styled', async () => {
    const ko = await identityPage({ cookie: 'locale=ko', 'accept-language': 'en' });
    expect(ko).toContain('<html lang="ko">');
    expect(ko).toContain('<button type="submit">인증 완료</button>');
    expect(ko).toContain('<label for="birthday">생년월일</label>');
    expect(ko).toMatch(/<style>[\s\S]*'Apple SD Gothic Neo'[\s\S]*<\/style>/);
    const en = await identityPage({ 'accept-language': 'en-US,en;q=0.9' });
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<button type="submit">Complete verification</button>');
  });

  it('the social sign-in simulator names the provider in the caller’s language', async () => {
    const ko = await (
      await t.app.request('/api/dev/oauth/kakao/authorize?state=s1', { headers: { cookie: 'locale=ko' } })
    ).text();
    expect(ko).toContain('<h1>카카오 로그인</h1>');
    expect(ko).toContain('<label for="subject">카카오 사용자 ID</label>');
    expect(ko).toContain('이 사용자로 계속하기');
    const en = await (
      await t.app.request('/api/dev/oauth/google/authorize?state=s1', { headers: { 'accept-language': 'en' } })
    ).text();
    expect(en).toContain('<h1>Sign in with Google</h1>');
    expect(en).toContain('Continue as this user');
  });

  it('the card window speaks the page language (lang=), else the caller’s, in the simulators’ frame', async () => {
    const { cookie } = await signIn(t.app, 'viewer01');
    const page = async (query: string, headers: Record<string, string> = {}) =>
      (await t.app.request(`/api/dev/billing-keys/issue-1${query}`, { headers: { cookie, ...headers } })).text();
    // The page is Korean though the browser asks for English: the page's language wins.
    const ko = await page('?lang=ko&redirectUrl=%2Fmy', { 'accept-language': 'en-US' });
    expect(ko).toContain('<html lang="ko">');
    expect(ko).toContain('<h1>카드 등록 (개발용)</h1>');
    expect(ko).toContain('카드 등록하기</button>');
    expect(ko).toContain('창 닫기</button>');
    expect(ko).toMatch(/<style>[\s\S]*'Apple SD Gothic Neo'[\s\S]*<\/style>/);
    const en = await page('?redirectUrl=%2Fmy', { 'accept-language': 'en-US' });
    expect(en).toContain('<h1>Card registration (development)</h1>');
    expect(en).toContain('Register the card</button>');
  });
});
