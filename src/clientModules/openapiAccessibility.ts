/**
 * Mends two accessibility defects of the OpenAPI theme's browser rendering
 * (docusaurus-theme-openapi-docs 5.2), which axe reports as WCAG 2.1 failures:
 *
 * - its tab lists get scroll buttons with no text (`button.openapi-tabs__arrow`,
 *   rule "button-name"): they receive an `aria-label`;
 * - its schema and parameter listings put `<div>` items straight into `<ul>`
 *   (rule "list"), next to the odd `<li>` that only marks "Array [" and "]":
 *   such a `<ul>` is not a list, so it and its `<li>` get `role="none"` and the
 *   items are read as the groups they are.
 *
 * Starts on the first page that has the theme's `.theme-api-markdown` content
 * and from then on mends that content whenever the document changes (tabs
 * switch, schemas expand, the explorer opens).
 */
import type {ClientModule} from '@docusaurus/types';

/** Applies both fixes below `root`. Exported for tests. */
export function mendOpenApiMarkup(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  root.querySelectorAll<HTMLUListElement>('ul:not([role])').forEach((list) => {
    const items = Array.from(list.children) as Element[];
    if (items.every((item) => item.tagName === 'LI')) return;
    list.setAttribute('role', 'none');
    for (const item of items) if (item.tagName === 'LI') item.setAttribute('role', 'none');
  });
}

let observer: MutationObserver | null = null;

/** Mends the page's API content now and whenever the document changes while it is shown. */
function watch(): void {
  if (observer || !document.querySelector('.theme-api-markdown')) return;
  let scheduled = false;
  const mend = () => {
    scheduled = false;
    const content = document.querySelector('.theme-api-markdown');
    if (content) mendOpenApiMarkup(content);
  };
  mend();
  // The theme re-renders parts of the page after hydration (schemas, tabs), so watch the whole document.
  observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(mend);
  });
  observer.observe(document.body, {childList: true, subtree: true});
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    watch();
  },
};

export default clientModule;
