// /docs in a real browser (Debian's Chromium through playwright-core): it renders offline and shows every endpoint.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

const CHROMIUM = process.env.DDT_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) {
  if (process.env.CI === 'true') throw new Error(`CI=true: the /docs browser test needs Chromium at ${CHROMIUM} (.ci/run installs it)`);
  process.stderr.write(`skipping the /docs browser test: no Chromium at ${CHROMIUM}\n`);
}

describe.skipIf(!hasChromium)('/docs in Chromium', () => {
  let svc: TestService;
  let base: string;
  beforeAll(async () => {
    svc = await startTestService();
    base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => svc?.close());

  it('loads with no network beyond the server and lists every endpoint of the OpenAPI document', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const foreign: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(base)) foreign.push(req.url());
      });
      const res = await page.goto(`${base}/docs`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const shown = await page.$$eval('section.endpoint', (els) => els.map((e) => `${e.getAttribute('data-method')} ${e.getAttribute('data-path')}`));
      const expected = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
      expect(shown.sort()).toEqual(expected.sort());
      for (const p of Object.keys(doc.paths)) {
        expect(await page.locator(`section[data-path="${p}"] h2`).first().isVisible()).toBe(true);
      }
      expect(await page.title()).toContain('API reference');
      expect(foreign).toEqual([]);
      const shot = path.resolve(import.meta.dirname, '../tmp/docs.png');
      fs.mkdirSync(path.dirname(shot), { recursive: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: shot });
    } finally {
      await browser.close();
    }
  });
});
