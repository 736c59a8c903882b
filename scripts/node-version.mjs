// The Node.js lines the platform runs on: each still receives security fixes. `npm start` and the
// gateway's launcher refuse an older runtime with one line naming what is needed.
export const SUPPORTED_NODE = '22.22 or newer in the 22 line, 24 (recommended) or 26';

/** Whether `version` ("22.22.1", as in process.versions.node) is a supported line. */
export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major === 22) return minor >= 22;
  return major === 24 || major >= 26;
}

/** Stops the process with one clear line when the running Node.js is not supported. */
export function requireSupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  console.error(`Node.js ${process.versions.node} is not supported: use Node.js ${SUPPORTED_NODE}.`);
  process.exit(1);
}
