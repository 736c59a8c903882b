/**
 * Agent packages for upgrade tests: a gzip-compressed ustar archive with `package/package.json`
 * (version, main) and its main file, as `npm pack` lays them out. A working package runs this
 * repository's agent (the launcher names the version it started); a broken one exits at once.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { agentPackage } from '../../../apps/server/src/test/agent-package.ts';

export { tarGz } from '../../../apps/server/src/test/agent-package.ts';
import { REPOSITORY_ROOT } from './processes.ts';

const AGENT_MAIN = pathToFileURL(path.join(REPOSITORY_ROOT, 'apps/gateway/src/main.ts')).href;

/** A package of the agent under another version number. */
export function workingAgentPackage(version: string): Buffer {
  return agentPackage(
    version,
    `// Agent ${version}: the agent of this repository.\nawait import(${JSON.stringify(AGENT_MAIN)});\n`,
  );
}

/** A package whose agent never starts. */
export function brokenAgentPackage(version: string): Buffer {
  return agentPackage(version, `console.error('agent ${version}: cannot start');\nprocess.exit(3);\n`);
}
