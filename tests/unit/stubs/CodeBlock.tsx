/** Test stand-in for @theme/CodeBlock: a plain pre with the language as an attribute. */
import React, {type ReactNode} from 'react';

export default function CodeBlock({language, children}: {language?: string; children?: ReactNode}): ReactNode {
  return <pre data-language={language}>{children}</pre>;
}
