/**
 * The path of a page's Markdown twin: its permalink without a trailing slash,
 * plus `.md` (`/docs/intro` → `/docs/intro.md`, `/docs/api/` → `/docs/api.md`).
 * Used by the build plugin that writes the files and by the "Copy page" button.
 */
export function markdownPath(permalink: string): string {
  const bare = permalink.replace(/\/+$/, '');
  return `${bare === '' ? '/index' : bare}.md`;
}
