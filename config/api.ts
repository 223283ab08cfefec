/**
 * The API reference: one OpenAPI file per API group in `api-specs/`, each
 * generated into `api-docs/<group>/` by docusaurus-plugin-openapi-docs.
 * Everything here is derived from the folder listing, so adding a group means
 * adding one file to `api-specs/`.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Options as OpenApiPluginOptions} from 'docusaurus-plugin-openapi-docs';
import servers from './api-servers.json';

/**
 * The servers of the API (`config/api-servers.json`): every OpenAPI file lists
 * exactly these URLs, in this order, and the site's Content-Security-Policy
 * lets the API explorer reach their origins (`deploy/headers.mjs`). The cloud
 * URL is the one the product's own API descriptions name; the self-hosted
 * server listens on port 4000 in the product's Docker image and compose file.
 */
export const apiServers: ReadonlyArray<{url: string; description: string}> = servers;

export const apiSpecsDir = path.join(__dirname, '..', 'api-specs');
export const apiDocsDir = 'api-docs';
/** Id of the docs plugin instance that serves the API reference at /docs/api. */
export const apiDocsPluginId = 'api';

/**
 * The API groups, from the file names in `api-specs/` (`<group>.yaml`),
 * sorted by name.
 */
export function listApiGroups(dir: string = apiSpecsDir): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.replace(/\.yaml$/, ''))
    .sort();
}

/** The OpenAPI plugin's `config`: one entry per group, produced by one loop. */
export function openApiPluginConfig(): Record<string, OpenApiPluginOptions> {
  return Object.fromEntries(
    listApiGroups().map((group) => [
      group,
      {
        specPath: `api-specs/${group}.yaml`,
        outputDir: `${apiDocsDir}/${group}`,
        downloadUrl: `/openapi/${group}.yaml`,
        sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'info'},
        showSchemas: false,
        hideSendButton: false,
      },
    ]),
  );
}

/**
 * The languages of the API explorer's code samples, each with the Prism
 * grammar that highlights it (the theme's own list names grammars Prism does
 * not have, such as `golang` and `c_cpp`, and highlights curl as PowerShell).
 * Only languages whose grammar the site loads are offered (`prismLanguages`).
 */
export const apiLanguageTabs = [
  {language: 'curl', highlight: 'bash', logoClass: 'curl'},
  {language: 'python', highlight: 'python', logoClass: 'python'},
  {language: 'nodejs', highlight: 'javascript', logoClass: 'nodejs'},
  {language: 'javascript', highlight: 'javascript', logoClass: 'javascript'},
  {language: 'go', highlight: 'go', logoClass: 'go'},
  {language: 'java', highlight: 'java', logoClass: 'java'},
  {language: 'csharp', highlight: 'csharp', logoClass: 'csharp'},
  {language: 'php', highlight: 'php', logoClass: 'php'},
  {language: 'ruby', highlight: 'ruby', logoClass: 'ruby'},
  {language: 'powershell', highlight: 'powershell', logoClass: 'powershell'},
  {language: 'swift', highlight: 'swift', logoClass: 'swift'},
  {language: 'http', highlight: 'http', logoClass: 'http'},
];

/**
 * Prism grammars the site adds to those prism-react-renderer bundles (JSON,
 * YAML, Python, JavaScript, TypeScript, Go, Swift and others), for code blocks and
 * the explorer's samples; dependencies come before the grammars that need them.
 */
export const prismLanguages = [
  'bash',
  'docker',
  'http',
  'nginx',
  'java',
  'csharp',
  'ruby',
  'powershell',
  'markup-templating',
  'php',
];
