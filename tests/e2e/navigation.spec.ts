import {test, expect, gotoHydrated, phone} from './fixtures';

/** The five section links of the navbar, left to right, as the specification names them. */
const docsSections = [
  {label: 'Getting Started', to: '/docs/intro'},
  {label: 'Chat', to: '/docs/using-answerai/'},
  {label: 'Developers', to: '/docs/developers'},
  {label: 'API Reference', to: '/docs/api'},
  {label: 'Community', to: '/docs/community'},
];
/** The external addresses of the navbar and footer. */
const externalLinks = {
  studio: 'https://studio.theanswer.ai',
  codeHost: 'https://github.com/the-answerai',
  discord: 'https://discord.gg/X54ywt8pzj',
  youtube: 'https://www.youtube.com/@TheAnswerAI',
  x: 'https://x.com/TheAnswerAI',
  instagram: 'https://www.instagram.com/theanswerai',
  company: 'https://theanswer.ai',
};

test.describe('navbar', () => {
  test('left side lists the five docs sections in order', async ({page}) => {
    await gotoHydrated(page, '/');
    const navbar = page.locator('nav.navbar .navbar__items:not(.navbar__items--right)');
    for (const section of docsSections) {
      await expect(navbar.getByRole('link', {name: section.label, exact: true})).toHaveAttribute('href', section.to);
    }
  });

  test('right side has an external Sign In link and the code host link', async ({page}) => {
    await gotoHydrated(page, '/');
    const right = page.locator('nav.navbar .navbar__items--right');
    const signIn = right.getByRole('link', {name: /Sign In/});
    await expect(signIn).toHaveAttribute('href', externalLinks.studio);
    await expect(signIn).toHaveAttribute('target', '_blank');
    await expect(signIn).toHaveAttribute('rel', /noopener/);
    await expect(right.getByRole('link', {name: 'AnswerAI on GitHub'})).toHaveAttribute('href', externalLinks.codeHost);
  });

  test('has a locale dropdown, a docs version item, a colour mode toggle and search', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('button', {name: 'English'})).toBeVisible();
    await expect(navbar.locator('a[href="/docs/intro"]').last()).toBeAttached();
    await expect(navbar.getByRole('button', {name: /dark mode|light mode|system mode/i})).toBeVisible();
    await expect(navbar.getByRole('button', {name: /^Search/})).toBeVisible();
  });

  test('the logo links to the home page', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator('a.navbar__brand')).toHaveAttribute('href', '/');
  });

  test('hides when scrolling down and shows when scrolling up', async ({page}) => {
    await gotoHydrated(page, '/docs/postlaunch/troubleshooting-faqs');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    // The theme compares each scroll position with the previous one, so scroll in steps.
    for (const y of [200, 600, 1000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await expect(navbar).toHaveClass(/navbarHidden/);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('a skip-to-content link is the first focusable element', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(/Skip to main content/);
  });
});

test.describe('mobile sidebar', () => {
  test('opens below 996 px and closes when the viewport becomes desktop width', async ({page}) => {
    await page.setViewportSize({width: 600, height: 800});
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    await expect(sidebar.getByRole('link', {name: 'Getting Started', exact: true})).toBeVisible();
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });

  test('on a phone the navbar shows the whole site title, the menu button and search; the sidebar holds the links', async ({
    page,
  }) => {
    await page.setViewportSize(phone.viewport);
    await gotoHydrated(page, '/docs/intro');
    const title = page.locator('.navbar__inner .navbar__title');
    await expect(title).toHaveText('AnswerAI');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const bar = page.locator('nav.navbar .navbar__inner');
    await expect(bar.getByRole('button', {name: /^Search/})).toBeVisible();
    await expect(bar.getByRole('link', {name: 'AnswerAI on GitHub'})).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    for (const name of ['Getting Started', 'Chat', 'Developers', 'API Reference', 'Community', 'Sign In']) {
      await expect(sidebar.getByRole('link', {name, exact: false}).first()).toBeVisible();
    }
    await expect(sidebar.getByRole('link', {name: 'AnswerAI on GitHub'})).toBeVisible();
  });

  test('at 996 px the layout is still mobile, at 997 px desktop', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await gotoHydrated(page, '/docs/intro');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    await page.setViewportSize({width: 997, height: 800});
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
  });
});

test.describe('footer', () => {
  test('links the docs sections, community, socials, company and policies', async ({page}) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    const expected: Array<[string, string]> = [
      ['Getting Started', '/docs/intro'],
      ['Chat', '/docs/using-answerai/'],
      ['Developers', '/docs/developers'],
      ['API Reference', '/docs/api'],
      ['Discord', externalLinks.discord],
      ['GitHub', externalLinks.codeHost],
      ['YouTube', externalLinks.youtube],
      ['X', externalLinks.x],
      ['Instagram', externalLinks.instagram],
      ['AnswerAI', externalLinks.company],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ];
    for (const [label, href] of expected) {
      await expect(footer.getByRole('link', {name: new RegExp(`^${label}`)}).first()).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText('Copyright © 2025 AnswerAI');
  });

  test('external footer links open safely in a new tab', async ({page}) => {
    await gotoHydrated(page, '/');
    const external = page.locator('footer a[href^="http"]');
    expect(await external.count()).toBeGreaterThan(5);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener noreferrer/);
    }
  });
});

test.describe('doc page structure', () => {
  test('the page title is "<page title> | AnswerAI"', async ({page}) => {
    await gotoHydrated(page, '/docs/integrations/make');
    const h1 = await page.locator('article h1').first().textContent();
    await expect(page).toHaveTitle(`${h1} | AnswerAI`);
  });

  test('the table of contents shows headings of level 2 and 3 only', async ({page}) => {
    await gotoHydrated(page, '/docs/postlaunch/troubleshooting-faqs');
    const tocLinks = page.locator('.table-of-contents a');
    expect(await tocLinks.count()).toBeGreaterThan(1);
    const hrefs = await tocLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const level = await page.locator(`article [id="${href.slice(1)}"]`).evaluate((el) => el.tagName);
      expect(['H2', 'H3']).toContain(level);
    }
  });

  test('headings get a "Direct link to" anchor, level 1 does not', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const h2 = page.locator('article h2').first();
    const text = (await h2.textContent())?.replace(/\u200b/g, '').trim();
    await expect(h2.locator('a.hash-link')).toHaveAttribute('title', `Direct link to ${text}`);
    await expect(page.locator('article h1 a.hash-link')).toHaveCount(0);
  });

  test('a route change scrolls to the hash target', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const h2 = page.locator('article h2').nth(1);
    const id = await h2.getAttribute('id');
    await page.goto(`/docs/intro#${id}`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(h2).toBeInViewport();
  });
});
