import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const siteDir = path.join(__dirname, '..', '..');
const redocly = path.join(siteDir, 'node_modules', '.bin', 'redocly');

/** Runs `redocly lint` on files (relative to the site) and returns its exit code and output. */
function lint(files: string[]): {status: number | null; output: string} {
  const result = spawnSync(redocly, ['lint', '--format=stylish', ...files], {
    cwd: siteDir,
    encoding: 'utf8',
    env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
  });
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

describe('OpenAPI lint', () => {
  it('passes on every file of api-specs/ with zero errors', () => {
    const files = readdirSync(path.join(siteDir, 'api-specs'))
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => `api-specs/${file}`);
    const {status, output} = lint(files);
    expect(output).not.toMatch(/\berror\b/);
    expect(status).toBe(0);
  }, 60_000);

  const broken: Array<[string, RegExp]> = [
    ['invalid-yaml.yaml', /Failed to parse API description at .*invalid-yaml\.yaml[\s\S]*\(\d+:\d+\)/],
    ['broken-ref.yaml', /broken-ref\.yaml:\s+\d+:\d+\s+error\s+no-unresolved-refs/],
    ['missing-field.yaml', /missing-field\.yaml:\s+\d+:\d+\s+error\s+struct\s+The field `version` must be present/],
  ];
  for (const [file, message] of broken) {
    it(`fails on ${file}, naming the file and the location`, () => {
      const {status, output} = lint([`tests/fixtures/broken-specs/${file}`]);
      expect(status).not.toBe(0);
      expect(output).toMatch(message);
    }, 30_000);
  }
});
