/**
 * Ejected from docusaurus-theme-openapi-docs 5.2.0, src/theme/ResponseHeaders.
 * Reason: the theme lists response headers in a `<ul>` whose items are the
 * schema items' `<div>`s, which is invalid HTML (a list may hold only `<li>`)
 * and announces an empty list to screen readers. Change from upstream: the
 * container is a `<div>` (marked below).
 */
import React, {type ReactNode} from 'react';
import SchemaItem from 'docusaurus-theme-openapi-docs/lib/theme/SchemaItem';
import {getSchemaName} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

/** Props: the response's headers, by name, with their schemas (from the OpenAPI file). */
interface Props {
  responseHeaders?: Record<string, Record<string, unknown>>;
}

/** The headers of one response, each as a schema item. */
export default function ResponseHeaders({responseHeaders}: Props): ReactNode {
  if (!responseHeaders) return null;
  return (
    // changed: a <div>, not a <ul>
    <div style={{marginLeft: '1rem'}}>
      {Object.entries(responseHeaders).map(([name, schema]) => (
        <SchemaItem
          key={name}
          name={name}
          collapsible={false}
          schemaName={getSchemaName(schema as never)}
          schema={schema}
          discriminator={false}
          // eslint-disable-next-line react/no-children-prop
          children={null}
        />
      ))}
    </div>
  );
}
