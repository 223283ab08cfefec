/** Stand-in for @generated/registry: empty, as a test fills it. */
const registry: Record<string, unknown> = {};
export default registry;
