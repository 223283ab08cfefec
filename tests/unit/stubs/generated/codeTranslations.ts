/** Stand-in for @generated/codeTranslations. */
export default {};
