/**
 * Replaces the OpenAPI theme's request body editor (docusaurus-theme-openapi-docs 5.2,
 * `lib/theme/ApiExplorer/LiveEditor`). The original runs react-live's `LiveProvider`, which compiles and
 * evaluates the body as JavaScript (`new Function`) on every keystroke to render a preview the explorer
 * never shows: under the site's Content-Security-Policy (no `'unsafe-eval'`, `deploy/headers.mjs`) each
 * evaluation is a CSP violation. Its editor also had no focus indicator (an inline `outline: none`), was made
 * read-only after it lost focus until clicked again (so it could not be edited from the keyboard a second
 * time), had no accessible name, and used the Prism theme's inline colours instead of the reader's code
 * theme.
 *
 * This editor is the same kind of editor (a `contenteditable` `<pre>` highlighted by prism-react-renderer,
 * made editable by use-editable, as react-live's own `Editor` does) with nothing evaluated. Its tokens carry
 * Prism's class names only, so the site's code colours apply (`plugins/code-highlighting`: the colour mode's
 * code theme, or the theme the reader chose), and it stays wired to the explorer's form the same way
 * (react-hook-form's `Controller`, named `requestBody`, with the "This field is required" message).
 *
 * `use-editable` and `react-hook-form` are the OpenAPI theme's own dependencies (react-live's and the theme's),
 * the latter loaded as the theme loads it so the editor shares the explorer's form.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {Highlight, type Language} from 'prism-react-renderer';
import {useEditable} from 'use-editable';
import {translate} from '@docusaurus/Translate';
import {usePrismTheme} from '@docusaurus/theme-common';
import styles from './styles.module.css';

// The theme requires react-hook-form's CommonJS build; importing its ES module build would load a second copy
// with a form context of its own, outside the explorer's form. Required here for the same copy.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {Controller, useFormContext} = require('react-hook-form') as typeof import('react-hook-form');

/** The props the theme's Body and FormBodyItem pass. */
export interface Props {
  /** The initial body text. */
  children: string;
  /** Called with the body text on every change. */
  action: (code: string) => void;
  /** The Prism language of the body (`json`, `xml`…); JSON when absent. */
  language?: string;
  /** Whether the request requires a body. */
  required?: boolean;
}

interface EditorProps {
  code: string;
  language: string;
  invalid: boolean;
  required: boolean;
  onChange: (code: string) => void;
}

/** The highlighted, editable `<pre>`. */
function Editor({code, language, invalid, required, onChange}: EditorProps): ReactNode {
  const editorRef = useRef<HTMLPreElement>(null);
  // Colourless (config/prism.ts): tokens get class names only and take the site's code colours.
  const prismTheme = usePrismTheme();
  // Tab moves focus out of the editor (no indentation on Tab), so the keyboard is never trapped in it.
  useEditable(editorRef, (text) => onChange(text.slice(0, -1)));
  return (
    <Highlight code={code} language={language as Language} theme={prismTheme}>
      {({className, tokens, getLineProps, getTokenProps}) => (
        <pre
          ref={editorRef}
          className={clsx(className, styles.editor, 'openapi-explorer__playground-editor')}
          role="textbox"
          aria-multiline="true"
          aria-label={translate({id: 'theme.openapi.body.editorLabel', message: 'Request body'})}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          tabIndex={0}
          spellCheck={false}>
          {tokens.map((line, lineIndex) => (
            <span key={lineIndex} {...getLineProps({line})}>
              {line
                .filter((token) => !token.empty)
                .map((token, tokenIndex) => (
                  <span key={tokenIndex} {...getTokenProps({token})} />
                ))}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </Highlight>
  );
}

/**
 * The request body editor of the API explorer.
 * @param props see `Props`.
 */
export default function LiveEditor({children, action, language = 'json', required = false}: Props): ReactNode {
  const [code, setCode] = useState(() => children.replace(/\n$/, ''));
  useEffect(() => {
    action(code);
    // The theme's editor reports the body on every change of the code only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  const {
    control,
    formState: {errors},
  } = useFormContext();
  const message = errors?.requestBody?.message;
  const invalid = Boolean(errors?.requestBody);
  return (
    <div className={clsx('theme-code-block', styles.container, 'openapi-explorer__playground-container')}>
      <Controller
        control={control}
        name="requestBody"
        rules={{
          required:
            required && !code
              ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'})
              : false,
        }}
        render={({field: {onChange}}) => (
          <Editor
            code={code}
            language={language}
            invalid={invalid}
            required={required}
            onChange={(text) => {
              setCode(text);
              onChange(text);
            }}
          />
        )}
      />
      {typeof message === 'string' && message && <div className="openapi-explorer__input-error">{message}</div>}
    </div>
  );
}
