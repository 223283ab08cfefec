/** Stand-in for @generated/routesChunkNames: empty, as a test fills it. */
const routesChunkNames: Record<string, unknown> = {};
export default routesChunkNames;
