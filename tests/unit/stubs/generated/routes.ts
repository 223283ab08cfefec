/** Stand-in for @generated/routes: empty, as a test fills it. */
const routes: unknown[] = [];
export default routes;
