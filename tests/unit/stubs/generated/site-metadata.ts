/** Stand-in for @generated/site-metadata. */
export default {docusaurusVersion: 'test', pluginVersions: {}, siteVersion: undefined};
