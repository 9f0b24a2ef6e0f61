import { expect, test } from './fixtures';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

interface Report {
  report: Record<string, unknown>;
}

test('a CSP violation reaches the owner: the local stack lists the browser report', async ({
  page,
  request,
  watch,
}) => {
  const marker = `violation-${Date.now()}`;
  await page.goto('/');
  // An inline script the policy does not allow (as an injected one would be).
  await page.evaluate((text) => {
    const script = document.createElement('script');
    script.textContent = `window.__ran = ${JSON.stringify(text)};`;
    document.body.append(script);
  }, marker);
  expect(
    await page.evaluate(() => (window as unknown as { __ran?: string }).__ran),
  ).toBeUndefined();
  await expect.poll(() => watch.cspViolations.length).toBeGreaterThan(0);
  // The browser sends its report on its own schedule (report-uri at once, report-to batched).
  await expect
    .poll(
      async () => {
        const reports = (await (await request.get(LOCAL_ROUTES.cspReportsJson)).json()) as Report[];
        return reports.some((r) => JSON.stringify(r.report).includes('script-src'));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const inbox = await (await request.get(LOCAL_ROUTES.inbox)).text();
  expect(inbox).toContain('Content-Security-Policy reports');
  // Seen and reported: this test's one violation was on purpose.
  watch.cspViolations.length = 0;
});
