// @vitest-environment jsdom
/**
 * The search dialog and its rows (`src/components/Search`), rendered in jsdom
 * with the search itself replaced: what the reader sees for each state of a
 * search, and what the keyboard, the pointer and the links do. The e2e
 * search spec runs the same dialog on the built site with the real index.
 */
import React from 'react';
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {SearchHit, SearchOutcome} from '../../src/components/Search/engine';

/** The answer the mocked search gives to each query; a query not listed finds nothing. */
const answers = new Map<string, SearchOutcome | Error>();
/** Queries whose first row arrives before the answer: the row, and the promise the answer waits for. */
const firstRows = new Map<string, {first: SearchOutcome; answerAfter: Promise<void>}>();
const pushed: string[] = [];

vi.mock('../../src/components/Search/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/Search/engine')>()),
  preloadQuery: vi.fn(),
  searchSite: vi.fn(async (query: string, _limit: number, options: {onFirstRow?: (first: SearchOutcome) => void}) => {
    const early = firstRows.get(query);
    if (early) {
      options.onFirstRow?.(early.first);
      await early.answerAfter;
    }
    const answer = answers.get(query) ?? {hits: [], total: 0};
    if (answer instanceof Error) throw answer;
    return answer;
  }),
}));
vi.mock('@docusaurus/router', () => ({useHistory: () => ({push: (url: string) => pushed.push(url)})}));

const {default: SearchDialog, resultsPageUrl} = await import('../../src/components/Search/SearchDialog');
const {HitContent, SearchStatus, kindLabel} = await import('../../src/components/Search/SearchResults');

/** A result row of a doc page. */
const hit = (title: string, fields: Partial<SearchHit> = {}): SearchHit => ({
  url: `/docs/${title.toLowerCase()}/`,
  title,
  breadcrumbs: 'Using AnswerAI',
  excerpt: [{text: title, match: false}],
  ...fields,
});

const three: SearchOutcome = {hits: [hit('One'), hit('Two'), hit('Three')], total: 3};

beforeEach(() => {
  answers.clear();
  firstRows.clear();
  pushed.length = 0;
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

/** Renders an open dialog, types `query` and waits for its answer. */
async function openWith(query: string, onClose = vi.fn()) {
  const view = render(<SearchDialog open onClose={onClose} initialQuery="" />);
  const box = screen.getByRole('combobox', {name: 'Search the docs'});
  fireEvent.change(box, {target: {value: query}});
  await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
  return {view, box, onClose};
}

const key = (box: HTMLElement, name: string) => fireEvent.keyDown(box, {key: name});
const selected = () => screen.queryAllByRole('option').findIndex((option) => option.ariaSelected === 'true');

describe('the search dialog', () => {
  it('stays closed when it renders closed', () => {
    render(<SearchDialog open={false} onClose={vi.fn()} initialQuery="" />);
    expect(HTMLDialogElement.prototype.showModal).not.toHaveBeenCalled();
    expect(HTMLDialogElement.prototype.close).not.toHaveBeenCalled();
  });

  it('is a search box without spelling marks that controls a list with an id of its own', () => {
    render(<SearchDialog open onClose={vi.fn()} initialQuery="" />);
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('spellcheck')).toBe('false');
    expect(box.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('listbox', {hidden: true}).id).toMatch(/.+-results$/);
    // The magnifier before the box is decoration, hidden from assistive technology.
    expect(box.previousElementSibling?.outerHTML).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*><path /);
  });

  it('shows the first row while the others load, and marks the selected row', async () => {
    let answer = () => undefined as void;
    firstRows.set('one', {
      first: {hits: [hit('One')], total: 3},
      answerAfter: new Promise((resolve) => (answer = resolve)),
    });
    answers.set('one', three);
    const {box} = await openWith('one');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['DocsUsing AnswerAIOneOne']);
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    key(box, 'ArrowDown');
    await act(async () => answer());
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('false');
    // The rows that joined the first keep its selection.
    expect(selected()).toBe(0);
    expect(screen.getAllByRole('option').map((option) => option.classList.contains('hitActive'))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('says so when the search cannot run', async () => {
    answers.set('down', new Error('offline'));
    await openWith('down');
    expect(screen.getByRole('status').textContent).toBe(
      'Search is not available right now. Check your connection and try again.',
    );
  });
  it('opens as a modal with the focus in the search box, and closes when told', () => {
    const view = render(<SearchDialog open onClose={vi.fn()} initialQuery="pine" />);
    const dialog = view.container.querySelector('dialog')!;
    expect(HTMLDialogElement.prototype.showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'pine');
    view.rerender(<SearchDialog open={false} onClose={vi.fn()} initialQuery="pine" />);
    expect(dialog.open).toBe(false);
    expect(HTMLDialogElement.prototype.close).toHaveBeenCalledTimes(1);
  });

  it('lists the results as options of the combobox', async () => {
    answers.set('one', three);
    const {box} = await openWith('one');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'DocsUsing AnswerAIOneOne',
      'DocsUsing AnswerAITwoTwo',
      'DocsUsing AnswerAIThreeThree',
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(selected()).toBe(-1);
  });

  it('moves the selection with the arrow keys, round the ends, and keeps it in view', async () => {
    answers.set('one', three);
    const {box} = await openWith('one');
    key(box, 'ArrowDown');
    expect(selected()).toBe(0);
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id);
    expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({block: 'nearest'});
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    expect(selected()).toBe(2);
    key(box, 'ArrowDown');
    expect(selected()).toBe(0);
    key(box, 'ArrowUp');
    expect(selected()).toBe(2);
    key(box, 'ArrowUp');
    expect(selected()).toBe(1);
    fireEvent.mouseMove(screen.getAllByRole('option')[0]);
    expect(selected()).toBe(0);
  });

  it('selects the last row when ArrowUp is the first key, and does nothing without rows', async () => {
    answers.set('one', three);
    const {box} = await openWith('one');
    key(box, 'ArrowUp');
    expect(selected()).toBe(2);
    cleanup();
    const empty = await openWith('nothing');
    key(empty.box, 'ArrowDown');
    key(empty.box, 'ArrowUp');
    expect(empty.box.getAttribute('aria-activedescendant')).toBeNull();
    expect(empty.box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the selected row on Enter, or the results page when none is selected', async () => {
    answers.set('one', three);
    const {box, onClose} = await openWith('one');
    key(box, 'Enter');
    expect(pushed).toEqual(['/search?q=one']);
    key(box, 'ArrowDown');
    key(box, 'Enter');
    key(box, 'ArrowDown');
    key(box, 'Enter');
    // Other keys open nothing.
    key(box, 'a');
    key(box, ' ');
    expect(pushed).toEqual(['/search?q=one', '/docs/one/', '/docs/two/']);
    expect(onClose.mock.calls).toEqual([[true], [true], [true]]);
  });

  it('opens nothing on Enter in an empty box, and a new query clears the selection', async () => {
    answers.set('one', three);
    answers.set('two', {hits: [hit('Two')], total: 1});
    const {box, onClose} = await openWith('   ');
    key(box, 'Enter');
    expect(pushed).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(box, {target: {value: 'one'}});
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    key(box, 'ArrowDown');
    expect(selected()).toBe(0);
    fireEvent.change(box, {target: {value: 'two'}});
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(selected()).toBe(-1);
  });

  it('closes on Escape in the box without clearing it first, and on a click outside its body', async () => {
    const {view, box, onClose} = await openWith('one');
    const escape = new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, cancelable: true});
    box.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(onClose.mock.calls).toEqual([[]]);
    fireEvent.click(screen.getByRole('listbox'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(view.container.querySelector('dialog')!);
    expect(onClose.mock.calls).toEqual([[], []]);
    fireEvent.click(screen.getByRole('button', {name: 'Close'}));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("reports the browser's own close only while it is open", () => {
    const onClose = vi.fn();
    const view = render(<SearchDialog open onClose={onClose} initialQuery="" />);
    fireEvent(view.container.querySelector('dialog')!, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.rerender(<SearchDialog open={false} onClose={onClose} initialQuery="" />);
    fireEvent(view.container.querySelector('dialog')!, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens a row on a click, and links to all results for the typed query', async () => {
    answers.set('one', three);
    const {onClose} = await openWith(' one ');
    fireEvent.click(screen.getAllByRole('option')[2]);
    expect(pushed).toEqual(['/docs/three/']);
    const all = screen.getByRole('link', {name: 'See all results for “one”'});
    expect(all.getAttribute('href')).toBe('/search?q=one');
    expect(fireEvent.click(all)).toBe(false);
    expect(pushed).toEqual(['/docs/three/', '/search?q=one']);
    expect(onClose.mock.calls).toEqual([[true], [true]]);
  });

  it('reports to the latest onClose it was given', async () => {
    answers.set('one', three);
    const {view} = await openWith('one');
    const latest = vi.fn();
    view.rerender(<SearchDialog open onClose={latest} initialQuery="" />);
    fireEvent.click(screen.getAllByRole('option')[0]);
    expect(latest).toHaveBeenCalledWith(true);
  });

  it('shows no link to all results before anything is typed', () => {
    render(<SearchDialog open onClose={vi.fn()} initialQuery=" " />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('runs a suggested query in place', async () => {
    answers.set('pincone', {hits: [], total: 0, suggestion: 'pinecone'});
    answers.set('pinecone', {hits: [hit('Pinecone')], total: 1});
    const {box} = await openWith('pincone');
    expect(screen.getByRole('status').textContent).toBe('No results for “pincone”. Did you mean pinecone?');
    fireEvent.click(screen.getByRole('button', {name: 'pinecone'}));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(box).toHaveProperty('value', 'pinecone');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});

describe('the search status', () => {
  const status = (state: Parameters<typeof SearchStatus>[0]['state']) => {
    const view = render(<SearchStatus state={state} className="extra" />);
    // An empty status line is hidden by its style sheet, and so out of the accessibility tree.
    const line = view.getByRole('status', {hidden: true});
    expect(line.getAttribute('aria-live')).toBe('polite');
    expect(line.className).toContain('extra');
    const text = line.textContent;
    view.unmount();
    return text;
  };

  it('says what the search is doing, found instead, or could not do', () => {
    expect(status({query: 'pine', loading: true})).toBe('Searching…');
    expect(status({query: 'pine', loading: true, outcome: three})).toBe('');
    expect(status({query: 'pine', loading: false, outcome: three})).toBe('');
    expect(status({query: ' zzz ', loading: false, outcome: {hits: [], total: 0}})).toBe('No results for “zzz”.');
    expect(status({query: ' ', loading: false, outcome: {hits: [], total: 0}})).toBe('');
    expect(status({query: ' pincone ', loading: false, outcome: {...three, corrected: 'pinecone'}})).toBe(
      'No results for “pincone”. Showing results for “pinecone”.',
    );
    expect(status({query: 'pine', loading: true, error: 'Offline.'})).toBe('Offline.');
  });

  it('links a suggestion to the results page when it cannot run it in place', () => {
    render(
      <SearchStatus
        state={{query: 'pincone', loading: false, outcome: {hits: [], total: 0, suggestion: 'pine cone'}}}
      />,
    );
    expect(screen.getByRole('link', {name: 'pine cone'}).getAttribute('href')).toBe('/search?q=pine%20cone');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('a result row', () => {
  it('shows the kind, the place, the title, the section and the excerpt with its matches marked', () => {
    const view = render(
      <HitContent
        hit={hit('Memory', {
          section: 'Settings',
          excerpt: [
            {text: 'the ', match: false},
            {text: 'memory', match: true},
            {text: ' node', match: false},
          ],
        })}
      />,
    );
    expect(view.container.textContent).toBe('DocsUsing AnswerAIMemory › Settingsthe memory node');
    expect([...view.container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['memory']);
  });

  it("shows an API operation's method and path instead of its breadcrumbs", () => {
    const view = render(
      <HitContent
        hit={hit('Create prediction', {kind: 'api-op', method: 'POST', endpoint: '/api/v1/prediction/{id}'})}
      />,
    );
    expect(view.container.querySelector('code')?.textContent).toBe('POST /api/v1/prediction/{id}');
    expect(view.container.textContent).toBe('APIPOST /api/v1/prediction/{id}Create predictionCreate prediction');
  });

  it('shows breadcrumbs when an operation lacks its path, and nothing for empty breadcrumbs', () => {
    const partial = render(<HitContent hit={hit('Tag', {kind: 'api-tag', method: 'GET'})} />);
    expect(partial.container.querySelector('code')).toBeNull();
    expect(partial.container.textContent).toBe('APIUsing AnswerAITagTag');
    partial.unmount();
    const bare = render(<HitContent hit={hit('Post', {kind: 'blog', breadcrumbs: ''})} />);
    expect(bare.container.textContent).toBe('BlogPostPost');
    expect(bare.container.querySelector('.hitBreadcrumbs')).toBeNull();
  });

  it('names each kind of page', () => {
    expect(
      ['api-op', 'api-tag', 'blog', 'node', 'variant', 'hub', 'doc', undefined].map((kind) => kindLabel(kind)),
    ).toEqual(['API', 'API', 'Blog', 'Node', 'Node', 'Docs', 'Docs', 'Docs']);
  });
});

describe('the results page URL', () => {
  it('carries the trimmed query, encoded', () => {
    expect(resultsPageUrl('  buffer & window ')).toBe('/search?q=buffer%20%26%20window');
  });
});
