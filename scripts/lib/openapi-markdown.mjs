/**
 * Markdown renderings of OpenAPI operations, shared by the full-spec page
 * (`scripts/bundle-api.mjs`, MDX-escaped) and the Markdown export of API pages
 * (`plugins/markdown-export`, plain Markdown).
 */

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'];

/** Escapes MDX-significant characters in prose, leaving `inline code` untouched. */
export function escapeMdx(text) {
  return String(text ?? '')
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replace(/[{}<>]/g, (c) => `&#${c.charCodeAt(0)};`)))
    .join('');
}

/** kebab-case as the OpenAPI plugin derives page ids from operation ids. */
export function kebab(id) {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/** Every operation of a spec: `{method, route, op, parameters}` with path-level parameters merged. */
export function listOperations(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([route, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => ({
        method,
        route,
        op: item[method],
        parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])],
      })),
  );
}

function oneLine(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Renders one operation as Markdown: method and path, description, parameter
 * table and responses.
 * @param entry an item of listOperations()
 * @param options.escape text escaper (escapeMdx for MDX output, identity for Markdown)
 * @param options.headingLevel level of the operation's heading, or 0 for none
 * @param options.link optional URL of the operation's reference page
 */
export function renderOperation(entry, {escape = (t) => String(t ?? ''), headingLevel = 3, link} = {}) {
  const {method, route, op, parameters} = entry;
  const lines = [];
  if (headingLevel > 0) lines.push(`${'#'.repeat(headingLevel)} ${escape(op.summary ?? op.operationId)}`, '');
  lines.push(`\`${method.toUpperCase()} ${route}\`${link ? ` · [reference page](${link})` : ''}`, '');
  if (op.description) lines.push(escape(op.description.trim()), '');
  const params = parameters.filter((p) => p.name);
  if (params.length > 0) {
    lines.push('| Parameter | In | Required | Description |', '| --- | --- | --- | --- |');
    for (const p of params) {
      lines.push(`| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${escape(oneLine(p.description))} |`);
    }
    lines.push('');
  }
  const responses = Object.entries(op.responses ?? {})
    .map(([code, response]) => `\`${code}\` ${escape(oneLine(response.description))}`)
    .join('; ');
  lines.push(`**Responses:** ${responses}`, '');
  return lines.join('\n');
}
