#!/usr/bin/env node
/**
 * Prints the Markdown twin of one MDX page, as the build writes it next to the
 * page's HTML: `node scripts/markdown-twin.cjs docs/intro.mdx`. For writers, to
 * see what the node reference renders from the product facts without a build.
 * Exits with an error naming the file when the page is not valid MDX or its
 * node facts disagree with the product.
 */
const jiti = require('jiti')(__filename);
const {readFileSync} = require('node:fs');
const matter = require('gray-matter');
const {mdxToMarkdown} = jiti('../plugins/markdown-export/mdx-to-markdown.ts');
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/markdown-twin.cjs <page.mdx>');
  process.exit(2);
}
const {data, content} = matter(readFileSync(file, 'utf8'));
console.log(
  mdxToMarkdown(content, {
    title: data.title,
    description: data.description,
    frontMatter: data,
    siteUrl: 'https://docs.theanswer.ai',
    path: file,
  }),
);
