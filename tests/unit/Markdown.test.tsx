// @vitest-environment jsdom
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup, render} from '@testing-library/react';

import Markdown from '../../src/theme/Markdown';

afterEach(cleanup);

describe('API description Markdown', () => {
  it('renders paragraphs with inline code, bold, emphasis and links', () => {
    const {container} = render(
      <Markdown>
        {'Send `streaming` as **true** to *stream*; see [the guide](/docs/intro).\n\nSecond paragraph.'}
      </Markdown>,
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0].querySelector('code')?.textContent).toBe('streaming');
    expect(paragraphs[0].querySelector('strong')?.textContent).toBe('true');
    expect(paragraphs[0].querySelector('em')?.textContent).toBe('stream');
    expect(paragraphs[0].querySelector('a')?.getAttribute('href')).toBe('/docs/intro');
  });

  it('renders bullet lists and fenced code blocks', () => {
    const {container} = render(<Markdown>{'- one\n- two\n\n```json\n{"a": 1}\n```'}</Markdown>);
    expect(container.querySelectorAll('li')).toHaveLength(2);
    const pre = container.querySelector('pre');
    expect(pre?.getAttribute('data-language')).toBe('json');
    expect(pre?.textContent).toBe('{"a": 1}');
  });

  it('renders nothing without a source', () => {
    const {container} = render(<Markdown />);
    expect(container.innerHTML).toBe('');
  });
});
