import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { WEB_ROOT } from './support/env';
import { openHydrated } from './support/pages';

const hashedScripts = (html: string) => [...html.matchAll(/\/assets\/[\w.-]+-[\w-]{8,}\.js/g)].map((m) => m[0]);

test('pages are revalidated on every visit and hashed assets are cached for good', async ({ request }) => {
  const index = await request.get('/');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('text/html');
  expect(index.headers()['cache-control']).toContain('no-cache');

  // Private pages get the shell, rendered pages their own answer (a product that does not exist: 404), by the same rule.
  for (const [path, status] of [
    ['/user/my-orders', 200],
    ['/products/anything', 404],
  ] as const) {
    const deepLink = await request.get(path);
    expect(deepLink.status(), path).toBe(status);
    expect(deepLink.headers()['cache-control'], path).toContain('no-cache');
  }

  const [script] = hashedScripts(await index.text());
  expect(script, 'index.html references a hashed /assets/*.js').toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['cache-control']).toContain('max-age=31536000');
});

test('scripts arrive byte for byte as built, whichever compression the browser accepts', async ({ request }) => {
  const scripts = hashedScripts(await (await request.get('/')).text());
  expect(scripts.length).toBeGreaterThan(0);
  for (const encoding of ['br', 'gzip', 'identity']) {
    for (const script of scripts) {
      const built = await readFile(join(WEB_ROOT, script));
      const served = await request.get(script, { headers: { 'Accept-Encoding': encoding } });
      expect(served.status()).toBe(200);
      expect(Buffer.compare(await served.body(), built), `${script} served with Accept-Encoding: ${encoding}`).toBe(0);
    }
  }
});

test('an unknown API path answers a JSON 404, never the app shell', async ({ request }) => {
  const answer = await request.get('/api/nope');
  expect(answer.status()).toBe(404);
  expect(answer.headers()['content-type']).toContain('application/json');
  expect(await answer.json()).toMatchObject({ success: false, message: expect.any(String) });
});

test('pages with forms stay within the Content-Security-Policy: their checks never try eval', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (violation: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  await openHydrated(page, '/login');
  // An empty sign-in is checked by the form's schema, which zod would otherwise compile with `new Function`.
  await page.getByRole('button', { name: 'Via Password' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email or phone is required')).toBeVisible();
  expect(violations).toEqual([]);
});
