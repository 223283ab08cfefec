import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import {announcement, contentId, docsSections} from '../../config/site';
import {listApiGroups, openApiPluginConfig} from '../../config/api';
import {addApiReferenceLink, apiReferenceLink} from '../../config/sidebar';

describe('site configuration', () => {
  it('keeps browser storage keys without a namespace (specification §9)', () => {
    expect(config.future?.v4).toMatchObject({siteStorageNamespacing: false});
  });

  it('uses the Rspack/SWC build, without a persistent cache that would make cold builds measure a warm one', () => {
    expect(config.future?.faster).toMatchObject({
      rspackBundler: true,
      swcJsLoader: true,
      swcJsMinimizer: true,
      lightningCssMinimizer: true,
      ssgWorkerThreads: true,
      rspackPersistentCache: false,
    });
  });

  it('handles broken links at the levels of the specification', () => {
    expect(config.onBrokenLinks).toBe('log');
    expect(config.onBrokenAnchors).toBe('warn');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
  });

  it('offers English only, with its full locale configuration', () => {
    expect(config.i18n?.locales).toEqual(['en']);
    expect(config.i18n?.localeConfigs?.en).toEqual({
      label: 'English',
      direction: 'ltr',
      htmlLang: 'en-US',
      calendar: 'gregory',
      path: 'en',
    });
  });

  it('formats page titles as "<page> | <site>"', () => {
    expect(config.titleDelimiter).toBe('|');
    expect(config.title).toBe('AnswerAI');
  });

  it('declares the five navbar sections of the specification', () => {
    expect(docsSections.map((section) => section.to)).toEqual([
      '/docs/intro',
      '/docs/using-answerai/',
      '/docs/developers',
      '/docs/api',
      '/docs/community',
    ]);
  });

  it('derives the announcement id from its content', () => {
    expect(announcement.id).toBe(`announcement-${contentId(announcement.content)}`);
    expect(contentId('a')).not.toBe(contentId('b'));
  });
});

describe('API reference configuration', () => {
  it('has one OpenAPI plugin entry per spec file, from one loop', () => {
    const groups = listApiGroups();
    expect(Object.keys(openApiPluginConfig())).toEqual(groups);
    for (const [group, entry] of Object.entries(openApiPluginConfig())) {
      expect(entry.specPath).toBe(`api-specs/${group}.yaml`);
      expect(entry.outputDir).toBe(`api-docs/${group}`);
    }
  });
});

describe('test-only pages', () => {
  it('are not part of a build without ANSWERAI_TEST_PAGES', () => {
    const ids = (config.plugins ?? []).map((plugin) =>
      Array.isArray(plugin) ? (plugin[1] as {id?: string})?.id : plugin,
    );
    expect(ids).not.toContain('test-pages');
  });
});

describe('docs sidebar', () => {
  it('appends the API reference link to the Developers category only', () => {
    const items = [
      {type: 'doc', id: 'intro'},
      {type: 'category', label: 'Developers', items: [{type: 'doc', id: 'developers/embed'}]},
      {type: 'category', label: 'Community', items: [{type: 'doc', id: 'community/index'}]},
    ];
    const result = addApiReferenceLink(items);
    expect(result[1].items?.at(-1)).toEqual(apiReferenceLink);
    expect(result[2].items).toHaveLength(1);
    expect(items[1].items).toHaveLength(1);
  });
});
