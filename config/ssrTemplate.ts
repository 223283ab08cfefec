/**
 * The HTML page template of the static build (Docusaurus `ssrTemplate`, an Eta
 * template rendered once per route with the variables Docusaurus passes as
 * `it`). It differs from the default template in one way: the page is painted
 * before it is hydrated.
 *
 * The default template loads the bundles with `<script defer>` in the head.
 * A deferred script runs as soon as the document is parsed, before the browser
 * paints it, so when the bundles are already there (a cached repeat visit, a
 * fast connection) the reader waits for React to load and hydrate the page
 * before seeing the server-rendered text. Here the head only preloads the
 * bundles (they download just as early) and a small inline script at the end
 * of the body adds them, in order, after the first frame has been painted; in
 * a background tab, where nothing is painted, it adds them at once.
 *
 * The inline script is the same on every page, so the Content-Security-Policy
 * allows it by one hash (deploy/headers.mjs hashes the built HTML's inline
 * scripts).
 */

/** Attribute that marks the preloaded bundles the boot script adds. */
export const bundleAttribute = 'data-bundle';

/** The longest the boot script waits for the first paint, in milliseconds. */
export const bootTimeoutMs = 5000;

/**
 * Adds each preloaded bundle as a script that keeps document order
 * (`async = false`) once the browser has reported the first contentful paint (a
 * Paint Timing entry, delivered after the frame is presented) and has then
 * painted once more (requestAnimationFrame, then a task). The first paint can
 * come while the parser is still in the middle of the page; this script stands
 * at the end of the body, so the next paint shows the whole first screen, and
 * the reader sees it before the bundles run. Where Paint Timing is missing it
 * waits for that next frame only. In a background tab nothing is painted, so it
 * adds them at once, or as soon as the tab is hidden; and at the latest after
 * `bootTimeoutMs`, so a page whose paint is never reported still hydrates (as
 * with `defer`).
 */
export const bootScript = [
  '(function(){',
  'var done=false;',
  'function boot(){if(done)return;done=true;',
  `document.querySelectorAll('link[${bundleAttribute}]').forEach(function(link){`,
  "var script=document.createElement('script');",
  'script.src=link.href;script.async=false;document.body.appendChild(script);',
  '});}',
  'function afterNextPaint(){requestAnimationFrame(function(){setTimeout(boot,0);});}',
  "if(document.visibilityState==='hidden'){boot();return;}",
  "document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')boot();});",
  `setTimeout(boot,${bootTimeoutMs});`,
  'var P=window.PerformanceObserver;',
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){",
  'new P(function(list,observer){',
  "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();afterNextPaint();}",
  "}).observe({type:'paint',buffered:true});",
  '}else if(window.requestAnimationFrame)afterNextPaint();',
  'else boot();',
  '})();',
].join('');

/** The Eta template given to Docusaurus as `ssrTemplate`. */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" ${bundleAttribute}>
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${bootScript}</script>
  </body>
</html>`;
