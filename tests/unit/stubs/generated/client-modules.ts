/** Stand-in for @generated/client-modules: no client module. */
export default [];
