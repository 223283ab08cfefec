/**
 * Facts about the site that more than one part of the configuration needs:
 * the external addresses, the docs sections and the announcement.
 *
 * Navbar and footer both read `docsSections` and `externalLinks`, so a link is
 * declared once here and nowhere else.
 */

/** External addresses the site links to. */
export const externalLinks = {
  studio: 'https://studio.theanswer.ai',
  codeHost: 'https://github.com/the-answerai',
  company: 'https://theanswer.ai',
  discord: 'https://discord.gg/X54ywt8pzj',
  youtube: 'https://www.youtube.com/@TheAnswerAI',
  x: 'https://x.com/TheAnswerAI',
  instagram: 'https://www.instagram.com/theanswerai',
} as const;

/** A top-level docs section: its navbar and footer label and its path. */
export interface DocsSection {
  /** Label shown in the navbar and the footer. */
  label: string;
  /** Site path the section starts at, as the specification names it. */
  to: string;
}

/** The five docs sections of the navbar, left to right. */
export const docsSections: readonly DocsSection[] = [
  {label: 'Getting Started', to: '/docs/intro'},
  {label: 'Chat', to: '/docs/using-answerai/'},
  {label: 'Developers', to: '/docs/developers'},
  {label: 'API Reference', to: '/docs/api'},
  {label: 'Community', to: '/docs/community'},
];

/**
 * The announcement bar. Its id is derived from the text, so changing the
 * announcement shows the bar again to readers who dismissed the previous one.
 */
const announcementText =
  'The REST API reference is now generated from our OpenAPI files: <a href="/docs/api">explore the API</a>.';

/** Small, stable string hash (djb2) used to derive ids from content. */
export function contentId(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) {
    hash = ((hash << 5) + hash + text.charCodeAt(i)) >>> 0;
  }
  return hash.toString(36);
}

export const announcement = {
  id: `announcement-${contentId(announcementText)}`,
  content: announcementText,
  isCloseable: true,
} as const;

/** The year of the copyright line. It is content, not the build machine's clock. */
export const copyrightYear = 2025;
