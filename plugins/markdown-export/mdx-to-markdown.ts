/**
 * Turns the MDX source of a page into clean Markdown for readers that are not
 * browsers (AI assistants, `curl`, the "Copy page" button): no frontmatter, no
 * ESM, no JSX. Components the site uses are rendered as their Markdown
 * equivalent; anything else keeps its text content.
 */

/** A node parameter, as in the `node.parameters` frontmatter of node pages. */
export interface ParameterRow {
  name: string;
  type: string;
  required: boolean;
  default: string | number | boolean;
  description: string;
}

/** What the converter needs to know about the page besides its body. */
export interface MarkdownContext {
  /** Page title, written as the `# heading`. */
  title: string;
  /** Page description, written as a quote under the title. */
  description?: string;
  /** Node parameters for `<NodeParameters />`, from the page's frontmatter. */
  parameters?: readonly ParameterRow[];
  /** Credential for `<NodeParameters />`. */
  credential?: string;
  /** Child pages for `<DocCardList />`: title, absolute URL and description. */
  children?: ReadonlyArray<{title: string; url: string; description?: string}>;
  /** Absolute site URL (`https://host`), to make root-relative links absolute. */
  siteUrl: string;
}

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

function cell(text: string | number | boolean): string {
  return String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** The Markdown table of a node's parameters. */
export function parametersTable(rows: readonly ParameterRow[], credential = 'none'): string {
  const lines = [
    '| Parameter | Type | Required | Default | Description |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.name)} | ${cell(row.type)} | ${row.required ? 'Required' : 'Optional'} | ${
          String(row.default) === '-' ? '—' : cell(row.default)
        } | ${cell(row.description)} |`,
    ),
  ];
  return `${lines.join('\n')}\n\nCredential: ${credential === 'none' ? 'none required' : credential}`;
}

/**
 * Applies `transform` to the text outside code: fenced blocks are skipped, and
 * inline code spans are set aside before and restored after the transform.
 */
function outsideCode(body: string, transform: (text: string) => string): string {
  return body
    .split(/(^```[\s\S]*?^```)/m)
    .map((part) => {
      if (part.startsWith('```')) return part;
      const spans: string[] = [];
      const masked = part.replace(/`[^`\n]+`/g, (span) => `\uE000${spans.push(span) - 1}\uE001`);
      return transform(masked).replace(/\uE000(\d+)\uE001/g, (_, index: string) => spans[Number(index)]);
    })
    .join('');
}

/**
 * Converts an MDX body (frontmatter already removed) into Markdown.
 * @param body the MDX source after the frontmatter
 * @param context page data the components need
 */
export function mdxToMarkdown(body: string, context: MarkdownContext): string {
  const converted = outsideCode(body, (text) =>
    text
      // ESM and MDX comments
      .replace(/^\s*(import|export)\s[^\n]*(\n(?!\n)[^\n]*)*$/gm, '')
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
      // Site components
      .replace(/<NodeParameters\s*\/>/g, () =>
        context.parameters ? parametersTable(context.parameters, context.credential) : '',
      )
      .replace(/<DocCardList\s*\/>/g, () =>
        (context.children ?? [])
          .map((child) => `- [${child.title}](${child.url})${child.description ? `: ${child.description}` : ''}`)
          .join('\n'),
      )
      .replace(/<TabItem[^>]*\blabel="([^"]+)"[^>]*>/g, '**$1**\n')
      .replace(/<\/?(Tabs|TabItem)[^>]*>/g, '')
      .replace(/<kbd>([^<]*)<\/kbd>/g, '`$1`')
      // Admonitions: :::tip[Title] ... ::: become quotes
      .replace(
        /^:::(\w+)(?:\[([^\]]*)\])?[^\n]*\n([\s\S]*?)^:::\s*$/gm,
        (_, type: string, title: string, inner: string) => {
          const heading = `**${title || admonitionTitles[type] || type}**`;
          return `${[heading, '', ...inner.trim().split('\n')].map((line) => `> ${line}`.trimEnd()).join('\n')}\n`;
        },
      )
      // Any other JSX or HTML tag keeps its text only
      .replace(/<\/?[A-Za-z][^>]*>/g, '')
      // Root-relative links (and Docusaurus' pathname:// escape for plain files) become absolute
      .replace(/\]\((?:pathname:\/\/)?\//g, `](${context.siteUrl}/`)
      // MDX escapes
      .replace(/\\([{}<>])/g, '$1'),
  );
  const header = [`# ${context.title}`, '', ...(context.description ? [`> ${context.description}`, ''] : [])];
  return `${[...header, converted.replace(/\n{3,}/g, '\n\n').trim()].join('\n')}\n`;
}
