import path from 'node:path';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import apiTheme from '../../plugins/api-theme';
import {apiThemeStyleSheet, isApiReferenceCss} from '../../lib/api-reference-css';

const require = createRequire(import.meta.url);
const siteDir = path.resolve(__dirname, '..', '..');
const themeComponents = path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs')), 'theme');

describe('the OpenAPI theme, its style sheet off every page', () => {
  it('keeps every part of the theme but its style sheet among the client modules', () => {
    const context = {siteDir} as Parameters<typeof apiTheme>[0];
    const original = (require('docusaurus-theme-openapi-docs').default as typeof apiTheme)(context, {});
    const wrapped = apiTheme(context, {});
    expect(original.getClientModules!()).toContain(apiThemeStyleSheet);
    expect(wrapped.getClientModules!()).toEqual(original.getClientModules!().filter((m) => m !== apiThemeStyleSheet));
    expect(wrapped.getThemePath!()).toBe(original.getThemePath!());
    expect(wrapped.name).toBe(original.name);
  });

  it('the page component of the API reference imports the style sheet and the site’s changes, in that order', async () => {
    const {readFileSync} = await import('node:fs');
    const source = readFileSync(path.join(siteDir, 'src/theme/ApiItem/index.tsx'), 'utf8');
    const imports = [...source.matchAll(/^import '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['docusaurus-theme-openapi-docs/lib/theme/styles.scss', '@site/src/css/api-reference.css']);
    expect(require.resolve(imports[0])).toBe(apiThemeStyleSheet);
  });
});

describe('isApiReferenceCss', () => {
  it('takes the theme’s style sheet and the CSS modules of its API components', () => {
    expect(isApiReferenceCss(apiThemeStyleSheet, siteDir)).toBe(true);
    expect(isApiReferenceCss(path.join(themeComponents, 'ApiTabs', 'styles.module.css'), siteDir)).toBe(true);
  });

  it('leaves the theme’s Tabs and TabItem, which stand in for the classic theme’s on every page, to the shared style sheet', () => {
    expect(isApiReferenceCss(path.join(themeComponents, 'Tabs', 'styles.module.css'), siteDir)).toBe(false);
    expect(isApiReferenceCss(path.join(themeComponents, 'TabItem', 'styles.module.css'), siteDir)).toBe(false);
  });

  it('takes the site’s changes: src/css/api-reference.css and the CSS of its swizzles of the theme’s API components', () => {
    expect(isApiReferenceCss(path.join(siteDir, 'src/css/api-reference.css'), siteDir)).toBe(true);
    expect(isApiReferenceCss(path.join(siteDir, 'src/theme/ApiExplorer/styles.module.css'), siteDir)).toBe(true);
    expect(isApiReferenceCss(path.join(siteDir, 'src/theme/ApiExplorer/LiveEditor/styles.module.css'), siteDir)).toBe(
      true,
    );
  });

  it('leaves the site’s other CSS alone', () => {
    for (const file of [
      'src/css/custom.css',
      'src/theme/CodeBlock/Buttons/styles.module.css',
      'src/theme/SearchBar/styles.module.css',
      'src/components/Search/styles.module.css',
    ]) {
      expect(isApiReferenceCss(path.join(siteDir, file), siteDir), file).toBe(false);
    }
    expect(isApiReferenceCss(require.resolve('infima/dist/css/default/default.css'), siteDir)).toBe(false);
  });
});
