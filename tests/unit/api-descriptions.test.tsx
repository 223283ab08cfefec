/**
 * The API reference renders the descriptions of api-specs/ with a small
 * Markdown renderer (src/theme/Markdown: paragraphs, bullet lists, fenced code,
 * inline code, bold, emphasis, links) instead of react-markdown. This test
 * keeps every description inside what it renders right: each one, rendered by
 * the small renderer, must give the same HTML as CommonMark with GFM
 * (micromark), compared by elements and text. A description that uses more
 * (a heading, a table, a numbered list, a nested list, raw HTML) fails, naming
 * the file, where it is and the difference.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import React from 'react';
// @ts-expect-error: react-dom ships no types of its own; @types/react-dom is not installed.
import {renderToStaticMarkup} from 'react-dom/server';
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import Markdown from '../../src/theme/Markdown';

const specsDir = path.join(__dirname, '..', '..', 'api-specs');

/** Every Markdown description of an OpenAPI document, with where it is (`paths./x.get.description`). */
function descriptionsOf(value: unknown, where = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => descriptionsOf(item, `${where}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]): Array<[string, string]> => {
    const at = where ? `${where}.${key}` : key;
    // `properties.description` is a schema for a field called "description", not a description.
    if (key === 'description' && typeof inner === 'string' && !where.endsWith('.properties')) return [[at, inner]];
    return descriptionsOf(inner, at);
  });
}

/** HTML reduced to its elements and text: no attributes, code blocks as `<pre>` of their text, spaces collapsed. */
function shape(html: string): string {
  return html
    .replace(/<pre><code[^>]*>([\s\S]*?)<\/code><\/pre>/g, '<pre>$1</pre>')
    .replace(/<(\w+)[^>]*>/g, '<$1>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .replace(/\s*(<\/?(p|ul|li|pre)>)\s*/g, '$1')
    .trim();
}

/** CommonMark with GFM, raw HTML rendered as HTML (so that a description using it differs). */
const commonMark = (source: string) =>
  micromark(source, {extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true});

const files = readdirSync(specsDir).filter((file) => file.endsWith('.yaml'));

describe('descriptions of api-specs/, rendered by the small Markdown renderer', () => {
  it('are found', () => {
    const count = files.flatMap((file) => descriptionsOf(YAML.parse(readFileSync(path.join(specsDir, file), 'utf8'))));
    expect(count.length).toBeGreaterThan(200);
  });

  for (const file of files) {
    it(`${file}: render as CommonMark with GFM renders them`, () => {
      const differences = descriptionsOf(YAML.parse(readFileSync(path.join(specsDir, file), 'utf8'))).flatMap(
        ([where, source]) => {
          const small = shape(renderToStaticMarkup(<Markdown>{source}</Markdown>));
          const reference = shape(commonMark(source));
          return small === reference ? [] : [`${where}:\n  small:     ${small}\n  CommonMark: ${reference}`];
        },
      );
      expect(differences).toEqual([]);
    });
  }
});

describe('the comparison', () => {
  it('tells apart what the small renderer does not support', () => {
    const differs = (source: string) =>
      shape(renderToStaticMarkup(<Markdown>{source}</Markdown>)) !== shape(commonMark(source));
    expect(differs('Plain, with `code`, **bold**, *emphasis* and a [link](/docs/intro).\n\n- one\n- two')).toBe(false);
    expect(differs('```json\n{"a": 1}\n```')).toBe(false);
    for (const unsupported of [
      '## Heading',
      '1. first\n2. second',
      '| a |\n| - |\n| b |',
      '- a\n  - nested',
      '<b>raw</b>',
      'a\\_b',
    ]) {
      expect(differs(unsupported), unsupported).toBe(true);
    }
  });
});
