import {test, expect, gotoHydrated} from './fixtures';

/** The code themes of the specification (§3), with the default that follows the colour mode first. */
const codeThemes = [
  {id: 'auto', label: 'Match colour mode'},
  {id: 'default', label: 'Default'},
  {id: 'dark', label: 'Dark'},
  {id: 'funky', label: 'Funky'},
  {id: 'okaidia', label: 'Okaidia'},
  {id: 'twilight', label: 'Twilight'},
  {id: 'coy', label: 'Coy'},
  {id: 'solarized-light', label: 'Solarized Light'},
  {id: 'tomorrow-night', label: 'Tomorrow Night'},
];

test.describe('colour mode', () => {
  test('is light by default', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle switches to dark and the choice persists across reload', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const toggle = page.locator('nav.navbar').getByRole('button', {name: /mode/i});
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('ignores the system preference (respectPrefersColorScheme is off)', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });
});

test.describe('code theme', () => {
  test('the control on code blocks offers the eight Prism themes and persists the choice', async ({page}) => {
    await gotoHydrated(page, '/docs/developers/use-cases/interacting-with-api');
    const block = page.locator('.theme-code-block').first();
    await block.hover();
    const select = block.getByLabel('Code theme');
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(codeThemes.map((theme) => theme.label));
    const code = block.locator('pre');
    const before = await code.evaluate((el) => getComputedStyle(el).backgroundColor);
    await select.selectOption({label: 'Okaidia'});
    await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'okaidia');
    await expect.poll(() => code.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(39, 40, 34)');
    expect(before).not.toBe('rgb(39, 40, 34)');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'okaidia');
    await expect(page.locator('.theme-code-block').first().getByLabel('Code theme')).toHaveValue('okaidia');
  });

  test("the stored theme applies before the first paint, without the site's scripts", async ({page, pageErrors}) => {
    pageErrors.allow(/net::ERR_FAILED/, "the site's scripts are blocked on purpose; the browser reports each");
    await page.addInitScript(() => window.localStorage.setItem('code-theme', 'twilight'));
    await page.route('**/assets/js/**', (route) => route.abort());
    await page.goto('/docs/developers/use-cases/interacting-with-api');
    await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'twilight');
    await expect
      .poll(() =>
        page
          .locator('.theme-code-block pre')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(20, 20, 20)');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`every token of every code theme meets 4.5:1 on its background in ${mode} mode`, async ({page}) => {
      const failures: string[] = [];
      for (const theme of codeThemes) {
        await page.addInitScript(
          ([id, siteMode]) => {
            window.localStorage.setItem('theme', siteMode);
            if (id === 'auto') window.localStorage.removeItem('code-theme');
            else window.localStorage.setItem('code-theme', id);
          },
          [theme.id, mode],
        );
        await gotoHydrated(page, '/docs/developers/use-cases/interacting-with-api');
        const low = await page.evaluate(() => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
          const lum = ([r, g, b]: number[]) =>
            [r, g, b]
              .map((v) => v / 255)
              .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
              .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
          const ratio = (a: string, b: string) => {
            const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
          };
          const found: string[] = [];
          let tokens = 0;
          for (const block of document.querySelectorAll('.theme-code-block pre')) {
            const background = getComputedStyle(block).backgroundColor;
            for (const token of block.querySelectorAll('.token')) {
              tokens += 1;
              const colour = getComputedStyle(token).color;
              const r = ratio(colour, background);
              if (r < 4.5) found.push(`.${[...token.classList].join('.')} ${colour} on ${background}: ${r.toFixed(2)}`);
            }
          }
          return {found: [...new Set(found)], tokens};
        });
        expect(low.tokens, 'tokens on the page').toBeGreaterThan(50);
        failures.push(...low.found.map((line) => `${theme.label}: ${line}`));
      }
      expect(failures).toEqual([]);
    });
  }
});

test.describe('API explorer code samples', () => {
  test('every language offered is highlighted', async ({page}) => {
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await page.getByRole('button', {name: 'Show request samples'}).click();
    const tabs = page.locator('.openapi-tabs__code-list-container [role="tab"], .openapi-tabs__code-item');
    await expect(tabs.first()).toBeVisible({timeout: 15_000});
    const count = await tabs.count();
    expect(count).toBeGreaterThan(5);
    const plain: string[] = [];
    for (let i = 0; i < count; i += 1) {
      await tabs.nth(i).click();
      const sample = page
        .locator('.openapi-explorer__code-block-container pre, .openapi-tabs__code-container pre')
        .first();
      await expect(sample).toBeVisible();
      await page.waitForTimeout(200);
      if ((await sample.locator('.token:not(.plain)').count()) < 3)
        plain.push((await tabs.nth(i).textContent()) ?? String(i));
    }
    expect(plain).toEqual([]);
  });
});
