/**
 * Mends two accessibility defects of the OpenAPI theme's browser rendering
 * (docusaurus-theme-openapi-docs 5.2), which axe reports as WCAG 2.1 failures:
 *
 * - its tab lists get scroll buttons with no text (`button.openapi-tabs__arrow`,
 *   rule "button-name"): they receive an `aria-label`;
 * - its schema and parameter listings put `<div>` items straight into `<ul>`
 *   (rule "list"): such a `<ul>`, which holds no `<li>` at all, is not a list,
 *   so it gets `role="none"` and the items are read as the groups they are.
 *
 * Runs only on pages that have the theme's `.theme-api-markdown` content, and
 * again whenever that content changes (tabs switch, the explorer opens).
 */
import type {ClientModule} from '@docusaurus/types';

/** Applies both fixes below `root`. Exported for tests. */
export function mendOpenApiMarkup(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button.openapi-tabs__arrow:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Scroll tabs left' : 'Scroll tabs right');
  });
  root.querySelectorAll<HTMLUListElement>('ul:not([role])').forEach((list) => {
    const items = Array.from(list.children) as Element[];
    if (items.length > 0 && !items.some((item) => item.tagName === 'LI')) list.setAttribute('role', 'none');
  });
}

let observer: MutationObserver | null = null;

function watch(): void {
  observer?.disconnect();
  observer = null;
  const content = document.querySelector('.theme-api-markdown');
  if (!content) return;
  mendOpenApiMarkup(content);
  let scheduled = false;
  observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      mendOpenApiMarkup(content);
    });
  });
  observer.observe(content, {childList: true, subtree: true});
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    watch();
  },
};

export default clientModule;
