/** Stand-in for @generated/globalData. */
export default {};
