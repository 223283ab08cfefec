import React, {type ReactNode} from 'react';
import type {NodeParameter} from './schema';
import styles from './styles.module.css';

/** Props of {@link NodeParametersTable}. */
export interface NodeParametersTableProps {
  /** The node's inputs, in the order the node shows them. */
  parameters: readonly NodeParameter[];
  /** The credential type the node needs, or "none". */
  credential: string;
  /** What the node produces and which inputs it connects to. */
  output: string;
}

/**
 * Renders a node's parameters as a table (name, type, required, default,
 * meaning) followed by its credential and its output. Pure: takes its data as props.
 */
export function NodeParametersTable({parameters, credential, output}: NodeParametersTableProps): ReactNode {
  return (
    <>
      <div className={styles.wrapper}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {parameters.map((parameter) => (
              <tr key={parameter.name}>
                <th scope="row" className={styles.name}>
                  {parameter.name}
                </th>
                <td>
                  <code>{parameter.type}</code>
                </td>
                <td>{parameter.required ? 'Required' : 'Optional'}</td>
                <td>{String(parameter.default) === '-' ? '—' : <code>{String(parameter.default)}</code>}</td>
                <td>{parameter.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.facts}>
        <dt>Credential</dt>
        <dd>{credential === 'none' ? 'None required' : credential}</dd>
        <dt>Output</dt>
        <dd>{output}</dd>
      </dl>
    </>
  );
}
