/**
 * The site's configuration, checked by what it does rather than restated:
 * Docusaurus' own validation and the functions Docusaurus derives its build,
 * storage and plugins from. What the configuration makes visible (titles,
 * navbar, locale, links) is checked on the built site by the end-to-end tests.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {getCurrentBundler} from '@docusaurus/bundler';
import type {DocusaurusConfig} from '@docusaurus/types';
import config from '../../docusaurus.config';
import {announcement, contentId} from '../../config/site';
import {apiSpecsDir, listApiGroups, openApiPluginConfig} from '../../config/api';
import {addApiReferenceLink, apiReferenceLink} from '../../config/sidebar';

const core = path.join(__dirname, '..', '..', 'node_modules', '@docusaurus', 'core', 'lib', 'server');
const siteDir = path.join(__dirname, '..', '..');

/** The configuration as Docusaurus validates it and fills in its defaults. */
async function validated(): Promise<DocusaurusConfig> {
  const {validateConfig} = await import(path.join(core, 'configValidation.js'));
  return validateConfig(config, 'docusaurus.config.ts');
}

describe('site configuration', () => {
  it('is accepted by the pinned Docusaurus', async () => {
    await expect(validated()).resolves.toMatchObject({title: 'AnswerAI'});
  });

  it('builds with Rspack (Docusaurus Faster)', async () => {
    const bundler = await getCurrentBundler({siteConfig: await validated()});
    expect(bundler.name).toBe('rspack');
  });

  it('stores browser data under the bare keys the specification names (§9): no namespace', async () => {
    const {createSiteStorage} = await import(path.join(core, 'storage.js'));
    expect(createSiteStorage(await validated())).toEqual({type: 'localStorage', namespace: ''});
  });
});

describe('announcement', () => {
  it('has an id that follows its text, so a new text shows the bar again to readers who closed the old one', () => {
    expect(announcement.id).toBe(`announcement-${contentId(announcement.content)}`);
    expect(contentId(`${announcement.content} `)).not.toBe(contentId(announcement.content));
    expect(contentId('a')).toBe(contentId('a'));
  });
});

describe('API reference configuration', () => {
  it('has an OpenAPI plugin entry for each file of api-specs/, whose spec exists', () => {
    const entries = openApiPluginConfig();
    expect(Object.keys(entries).sort()).toEqual(listApiGroups());
    expect(listApiGroups().length).toBeGreaterThan(5);
    for (const [group, entry] of Object.entries(entries)) {
      const spec = path.join(siteDir, String(entry.specPath));
      expect(existsSync(spec), spec).toBe(true);
      expect(spec).toBe(path.join(apiSpecsDir, `${group}.yaml`));
    }
    expect(new Set(Object.values(entries).map((entry) => entry.outputDir)).size).toBe(listApiGroups().length);
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
