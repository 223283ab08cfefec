#!/usr/bin/env node
/**
 * For writers of the node reference: what the product facts say about a node,
 * and the `node` frontmatter block its page needs.
 *
 *   npm run node-facts -- groqChat          one node, by name or canvas label
 *   npm run node-facts -- --category Tools  the nodes of a category and their pages
 *
 * Reads data/product/nodes.json and credentials.json; prints to stdout. Exits
 * with status 1 when no node or category matches.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import matter from 'gray-matter';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(siteDir, 'data', 'product', file), 'utf8'));
const {nodes} = read('nodes.json');
const {credentials} = read('credentials.json');
const nodesDir = path.join(siteDir, 'docs', 'using-answerai', 'sidekick-studio', 'nodes');

/** Node name → page file, from the `node.name` frontmatter of every page under the node reference. */
function pagesByNode() {
  const pages = new Map();
  for (const file of readdirSync(nodesDir, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.mdx')) continue;
    const full = path.join(nodesDir, file);
    const name = matter(readFileSync(full, 'utf8')).data.node?.name;
    if (name) pages.set(name, path.relative(siteDir, full));
  }
  return pages;
}

const show = (value) => (value === null || value === undefined ? '-' : JSON.stringify(value));

function describe(node) {
  const lines = [
    `${node.label} (${node.name}), version ${node.version}, category ${node.category}`,
    `source: ${node.file}`,
    `type: ${node.type}; base classes: ${show(node.baseClasses)}`,
  ];
  if (node.badge || node.deprecated || node.author) {
    lines.push(`badge: ${node.badge ?? '-'}; deprecated: ${Boolean(node.deprecated)}; author: ${node.author ?? '-'}`);
  }
  if (node.credential) {
    const names = node.credential.credentialNames.map((name) => {
      const credential = credentials.find((c) => c.name === name);
      return credential
        ? `${credential.label} [${name}] fields: ${credential.inputs.map((i) => `${i.label}${i.optional ? ' (optional)' : ''}`).join(', ')}`
        : `${name} (no credential file)`;
    });
    lines.push(`credential (optional: ${show(node.credential.optional)}): ${names.join(' | ')}`);
  } else lines.push('credential: none');
  if (node.outputs)
    lines.push(`outputs: ${node.outputs.map((o) => `${o.label} [${o.name}] ${show(o.baseClasses)}`).join(' | ')}`);
  lines.push('inputs:');
  const describeInput = (input, indent) => {
    const flags = [
      input.type,
      input.optional === false ? 'required' : input.optional === true ? 'optional' : `optional=${show(input.optional)}`,
      `default ${show(input.default)}`,
      input.additionalParams ? 'additional' : '',
      input.list ? 'list' : '',
      input.acceptVariable ? 'acceptVariable' : '',
      input.hidden ? 'hidden' : '',
      input.loadMethod ? `loadMethod ${input.loadMethod}` : '',
      input.show ? `show ${show(input.show)}` : '',
      input.hide ? `hide ${show(input.hide)}` : '',
      input.options ? `options ${input.options.map((o) => o.name).join(', ')}` : '',
    ].filter(Boolean);
    lines.push(`${indent}- ${input.label} [${input.name}]: ${flags.join('; ')}`);
    for (const child of input.array ?? input.tabs ?? []) describeInput(child, `${indent}    `);
  };
  node.inputs.forEach((input) => describeInput(input, '  '));
  lines.push('', 'frontmatter:', 'node:', `  name: ${node.name}`, node.inputs.length ? '  inputs:' : '  inputs: {}');
  const keys = new Set();
  for (const input of node.inputs) {
    keys.add(input.name);
    for (const child of input.array ?? input.tabs ?? []) keys.add(`${input.name}.${child.name}`);
  }
  for (const key of keys) lines.push(`    ${key}: `);
  return lines.join('\n');
}

const args = process.argv.slice(2);
if (args[0] === '--category') {
  const category = args.slice(1).join(' ');
  const inCategory = nodes.filter((node) => node.category.toLowerCase() === category.toLowerCase());
  if (inCategory.length === 0) {
    console.error(`No category "${category}". Categories: ${[...new Set(nodes.map((n) => n.category))].join(', ')}`);
    process.exit(1);
  }
  const pages = pagesByNode();
  for (const node of inCategory) console.log(`${node.name}\t${node.label}\t${pages.get(node.name) ?? '(no page)'}`);
} else {
  const query = args.join(' ');
  const matches = nodes.filter((node) => node.name === query || node.label.toLowerCase() === query.toLowerCase());
  if (matches.length === 0) {
    console.error(`No node named or labelled "${query}".`);
    process.exit(1);
  }
  console.log(matches.map(describe).join('\n\n----\n\n'));
}
